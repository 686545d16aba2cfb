/// Which MeteoAlarm warning area holds a point, from the areas' outlines shipped inside the program
/// — no request (docs/weather.md, "Official warnings"). The outlines are MeteoAlarm's geocodes by
/// EMMA_ID code, simplified to about a kilometre by `scripts/make_warning_areas.py` (`Outlines`
/// reads them); some member countries' outlines are not shipped yet (their areas cannot be placed).
package enum WarningAreaOutlines {
    /// Every area's polygons, read on first use.
    static let outlines = Outlines(encoded)

    /// How far off an area's outline a point still counts as its, in kilometres: the outlines are
    /// simplified to about a kilometre, so a point that close may be either side of the real line.
    package static let slackKilometres = 1.5

    /// Whether the area `code` (`BA003`) holds the point (degrees north and east), or lies within
    /// `slackKilometres` of it; nil when no outline of that code is shipped.
    package static func holds(code: String, latitude: Double, longitude: Double) -> Bool? {
        outlines.holds(name: code, latitude: latitude, longitude: longitude, slackKilometres: slackKilometres)
    }

    /// The EMMA_ID of an area a member names by another of MeteoAlarm's schemes (`NUTS3`, `FIPS`),
    /// from MeteoAlarm's own table of aliases; nil when the code is not in it.
    package static func emmaID(scheme: String, code: String) -> String? { aliases[scheme + ":" + code] }

    /// Whether any area of the country whose EMMA_IDs start `prefix` (`BA`; `UK` for the United
    /// Kingdom) has its outline shipped.
    package static func hasAreas(prefixed prefix: String) -> Bool { !codes(prefixed: prefix).isEmpty }

    /// The shipped areas' codes that start `prefix`, each once, in the data's order.
    package static func codes(prefixed prefix: String) -> [String] {
        var seen = Set<String>()
        return outlines.names.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
    }
}
