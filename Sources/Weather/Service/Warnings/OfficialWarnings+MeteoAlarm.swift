import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import Geography

/// MeteoAlarm's rules (docs/weather.md, "Official warnings"): the same as every service's —
/// Actual messages only; an Update or a Cancel replaces what it references; a message that ends
/// a warning is none; one message once — and a country's feed is never a place's list: a
/// warning is the place's only when one of its areas holds the place.
extension OfficialWarnings {
    /// What a country's feed says of one place: the warnings whose areas hold it, and those whose
    /// areas `holds` cannot place (said apart, never as the place's).
    package struct Placed: Sendable {
        package var warnings: [OfficialWarning] = []
        package var unplaced: [OfficialWarning] = []
    }

    /// The warnings of a MeteoAlarm feed for one place at `now`. `holds` says whether an area
    /// holds the place: true, false, or nil when it cannot be told (no polygon, a code whose
    /// outline is not known). Each message's English `info` block when it has one, else its
    /// first, with its language; issued by its `senderName`, else by `issuer` (a message's
    /// `sender` is an address — a forecaster's mail, a web site — never shown).
    package static func from(_ feed: MeteoAlarmDTO.Feed, holds: (MeteoAlarmDTO.Area) -> Bool?, now: Date, issuer: String = "MeteoAlarm") -> Placed {
        var placed = Placed()
        for (message, info) in standing(feed) {
            let areas = info.area ?? []
            let held = areas.map(holds)
            let warning = warning(
                message, info, areas: held.contains(true) ? zip(areas, held).filter { $0.1 == true }.map(\.0) : areas, issuer: issuer)
            if held.contains(true) {
                placed.warnings.append(warning)
            } else if held.contains(where: { $0 == nil }) {
                placed.unplaced.append(warning)
            }
        }
        (placed.warnings, placed.unplaced) = (ordered(placed.warnings, now: now), ordered(placed.unplaced, now: now))
        return placed
    }

    /// Each message that may be a warning, with its English block (else its first): Actual, not
    /// replaced or cancelled by another, not one that ends a warning, each identifier once.
    static func standing(_ feed: MeteoAlarmDTO.Feed) -> [(MeteoAlarmDTO.Alert, MeteoAlarmDTO.Info)] {
        let messages = feed.warnings.map(\.alert).filter { isActual($0.status) }
        var replaced = Set<String>()
        for message in messages where ["update", "cancel"].contains((message.msgType ?? "").lowercased()) {
            replaced.formUnion(message.referenced.filter { $0 != message.identifier })  // Macao's Updates name themselves
        }
        var seen = Set<String>()
        return messages.compactMap { message in
            guard !replaced.contains(message.identifier), seen.insert(message.identifier).inserted,
                let info = englishFirst(message.info ?? []),
                !endsAWarning(type: message.msgType, urgency: info.urgency, response: info.responseType?.first)
            else { return nil }
            return (message, info)
        }
    }

    /// The feed as the cache keeps it (docs/weather.md, "Official warnings"): only what `from`
    /// can still show — the `standing` messages, each with its one block, less those over
    /// before the feed's newest message was sent (the feed's own "now"; a member's feed holds
    /// about twelve days, most of it over). The same shape, so it reads as the feed did; a
    /// Swiss-sized feed (12 MB) keeps a few hundred kilobytes.
    package static func kept(_ feed: MeteoAlarmDTO.Feed) -> MeteoAlarmDTO.Feed {
        let newest = feed.warnings.compactMap { $0.alert.sent.flatMap(InstantText.parse) }.max()
        var kept = feed
        kept.warnings = standing(feed).compactMap { message, info in
            if let newest, let expires = info.expires.flatMap(InstantText.parse), expires <= newest { return nil }
            var message = message
            message.info = [info]
            return MeteoAlarmDTO.Entry(alert: message)
        }
        return kept
    }

    /// `kept` of a feed's body, as JSON; nil when the body is no feed (it is then kept as it came,
    /// and its decoding error said as for any answer).
    @Sendable package static func keptFeed(_ body: Data) -> Data? {
        guard let feed = try? JSONDecoding.decode(MeteoAlarmDTO.Feed.self, from: body, endpoint: "meteoalarm.feed") else { return nil }
        return try? JSONEncoder().encode(kept(feed))
    }

    /// Whether a MeteoAlarm area holds the point (degrees north and east): by its CAP polygons
    /// when it has any, else by the shipped outline of its `EMMA_ID` — or of the EMMA_ID its
    /// `NUTS3` or `FIPS` code stands for (France, Bulgaria, Ireland) — (`WarningAreaOutlines`);
    /// nil when neither can tell.
    package static func meteoAlarmArea(holdsLatitude latitude: Double, longitude: Double) -> @Sendable (MeteoAlarmDTO.Area) -> Bool? {
        { area in
            CAPPolygon.holds(area.polygon, latitude: latitude, longitude: longitude)
                ?? emmaID(of: area).flatMap { WarningAreaOutlines.holds(code: $0, latitude: latitude, longitude: longitude) }
        }
    }

    /// The area's EMMA_ID: its own, else the one its NUTS3 or FIPS code stands for.
    static func emmaID(of area: MeteoAlarmDTO.Area) -> String? {
        area.code("EMMA_ID")
            ?? ["NUTS3", "FIPS"].lazy.compactMap { scheme in area.code(scheme).flatMap { WarningAreaOutlines.emmaID(scheme: scheme, code: $0) } }
            .first
    }

    /// A colour word as a level — MetService's `ColourCode` (`Orange`), ECCC's risk colour — nil for
    /// any other word.
    static func colourCode(_ word: String?) -> String? {
        let colour = (word ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        return ["yellow", "orange", "red"].contains(colour) ? colour : nil
    }

    /// The English block (`en`, `en-GB` …) when there is one, else the first.
    static func englishFirst(_ blocks: [MeteoAlarmDTO.Info]) -> MeteoAlarmDTO.Info? {
        blocks.first { ($0.language ?? "").lowercased().hasPrefix("en") } ?? blocks.first
    }

    private static func warning(_ message: MeteoAlarmDTO.Alert, _ info: MeteoAlarmDTO.Info, areas: [MeteoAlarmDTO.Area], issuer: String)
        -> OfficialWarning
    {
        let event = readable(info.event ?? "Warning")
        return OfficialWarning(
            provider: "meteoalarm", id: message.identifier, event: event, severity: .init(word: info.severity),
            level: metLevel(info.parameter("awareness_level")) ?? colourCode(info.parameter("ColourCode")), headline: info.headline ?? event,
            description: text(info.description),
            instruction: text(info.instruction), onset: (info.onset ?? info.effective).flatMap(InstantText.parse),
            expires: info.expires.flatMap(InstantText.parse), areas: areas.compactMap(\.areaDesc),
            sender: info.senderName ?? issuer, language: info.language)
    }
}

/// A CAP area's polygons (`lat,lon lat,lon …`, the first point again at the end) and whether
/// they hold a point: the even-odd rule over each ring, degrees taken as a plane (areas are a
/// few hundred kilometres at most).
package enum CAPPolygon {
    /// Whether any of `polygons` holds (`latitude`, `longitude`); nil when there is none to
    /// read (no polygon, or none of at least three points).
    package static func holds(_ polygons: [String]?, latitude: Double, longitude: Double) -> Bool? {
        let rings = (polygons ?? []).map(points).filter { $0.count >= 3 }
        guard !rings.isEmpty else { return nil }
        return rings.contains { ring in
            var inside = false
            var previous = ring[ring.count - 1]
            for point in ring {
                if (point.lat > latitude) != (previous.lat > latitude),
                    longitude < (previous.lon - point.lon) * (latitude - point.lat) / (previous.lat - point.lat) + point.lon
                {
                    inside.toggle()
                }
                previous = point
            }
            return inside
        }
    }

    /// The points of `lat,lon lat,lon …`; a pair that is not two numbers is left out. Read as
    /// bytes: a country's feed holds thousands of points a run.
    static func points(_ text: String) -> [(lat: Double, lon: Double)] {
        text.utf8.split(whereSeparator: { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }).compactMap { pair in
            let halves = pair.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard halves.count == 2, let lat = Double(Substring(halves[0])), let lon = Double(Substring(halves[1])) else { return nil }
            return (lat, lon)
        }
    }
}
