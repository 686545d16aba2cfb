import AlmanacTestSupport
import Foundation
import Geography

/// `almanac-bench warnings`: a status bar's `%W` for a place in the largest MeteoAlarm countries
/// on a warm cache (docs/benchmarks.md, "Warnings from the largest feeds"), as whole processes
/// against `almanac --version` in the same round. The feeds are made to the measured size and
/// make-up of Switzerland's (12 MB: 306 messages in five languages with polygons, 282 of them
/// over) and Poland's (2,400 messages in two languages by area code, 2,200 over), served from
/// loopback with an hour's freshness.
enum WarningFeedsBench {
    /// A place of each country, and the glance asked there.
    static let places: [(country: String, slug: String, point: String)] = [
        ("Switzerland", "switzerland", "46.95,7.45"), ("Poland", "poland", "52.23,21.01"),
    ]

    static func run(_ options: BenchOptions) throws {
        let runs = options.int("runs", default: 15)
        let feeds = ["switzerland": swissFeed(), "poland": polishFeed()]
        let server = try LoopbackServer { request in
            let slug = String(request.path.split(separator: "-").dropFirst().joined(separator: "-"))
            guard let body = feeds[slug] else { return .json("{}", status: 404) }
            return .respond(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=3600"], body: body, delay: 0)
        }
        let here = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).deletingLastPathComponent()
        let binary = options.values["binary"] ?? here.appendingPathComponent("almanac").path
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-warnings-\(getpid())")
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = GlanceBench.environment(home, urls: ["ALMANAC_METEOALARM_URL": server.baseURL])
        environment["ALMANAC_TODAY"] = nil
        var lines = ["\n`%W` on a warm cache, \(binary); whole processes, medians of \(runs) rounds"]
        for place in places {
            let first = try GlanceBench.time(binary, ["weather", "warnings", place.point], environment)
            let kept = keptSize(home)
            lines.append(
                "\(place.country): the feed \(String(format: "%.1f", Double(feeds[place.slug]!.count) / 1e6)) MB, fetched and kept in "
                    + "\(milliseconds(first)); the cache keeps \(kept / 1000) kB")
        }
        var floor: [Double] = []
        var times = [[Double]](repeating: [], count: places.count)
        for _ in 0..<runs {
            floor.append(try GlanceBench.time(binary, ["--version"], environment))
            for (index, place) in places.enumerated() {
                times[index].append(try GlanceBench.time(binary, ["weather", place.point, "--format", "%W"], environment))
            }
        }
        lines.append("almanac --version: \(milliseconds(OfflineBench.median(floor)))")
        for (index, place) in places.enumerated() {
            let ratio = OfflineBench.median(zip(times[index], floor).map { $0 / $1 })
            lines.append(
                "weather \(place.point) --format %W (\(place.country))".padding(toLength: 48, withPad: " ", startingAt: 0)
                    + String(format: "%@  %.2f× --version  (goal ≤ 100 ms)", milliseconds(OfflineBench.median(times[index])), ratio))
        }
        print(lines.joined(separator: "\n"))
    }

    /// The largest cache file's size in bytes (the feed last kept).
    static func keptSize(_ home: URL) -> Int {
        let folder = home.appendingPathComponent("cache")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        let sizes = files.filter { $0.lastPathComponent.hasPrefix("meteoalarm-") }.compactMap {
            try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize
        }
        return sizes.max() ?? 0
    }

    /// A feed of `count` messages sent over twelve days, the first `over` of them over before the
    /// last was sent; each message's blocks made by `blocks` from its number and its expiry.
    static func feed(count: Int, over: Int, blocks: (Int, String) -> [[String: Any]]) -> Data {
        let warnings = (0..<count).map { number -> [String: Any] in
            let day = 1 + number * 12 / count
            let expires = number < over ? String(format: "2024-01-%02dT23:00:00+01:00", day) : "2030-01-02T00:00:00+01:00"
            let sent = number == count - 1 ? "2024-01-13T06:00:00+01:00" : String(format: "2024-01-%02dT06:00:00+01:00", day)
            let alert: [String: Any] = [
                "identifier": "2.49.0.0.bench.\(number)", "sender": "bench", "sent": sent, "status": "Actual", "msgType": "Alert",
                "scope": "Public", "info": blocks(number, expires),
            ]
            return ["alert": alert, "uuid": "bench-\(number)"]
        }
        return (try? JSONSerialization.data(withJSONObject: ["warnings": warnings])) ?? Data()
    }

    /// One CAP block as members write it.
    static func block(_ language: String, _ expires: String, areas: [[String: Any]], text: String) -> [String: Any] {
        [
            "language": language, "category": ["Met"], "event": "Warning (\(language))", "responseType": ["Prepare"], "urgency": "Future",
            "severity": "Moderate", "certainty": "Likely", "effective": "2024-01-01T00:00:00+01:00", "onset": "2024-01-01T00:00:00+01:00",
            "expires": expires, "senderName": "Bench", "headline": "Warning level 2", "description": text, "instruction": text,
            "parameter": [["valueName": "awareness_level", "value": "2; yellow; Moderate"], ["valueName": "awareness_type", "value": "1; Wind"]],
            "area": areas,
        ]
    }

    /// Switzerland's make-up: 306 messages, five languages, three areas each with a 150-point polygon.
    static func swissFeed() -> Data {
        let codes = WarningAreaOutlines.codes(prefixed: "CH")
        return feed(count: 306, over: 282) { number, expires in
            let areas = (0..<3).map { area -> [String: Any] in
                let (lat, lon) = (45.9 + Double((number * 7 + area * 13) % 15) / 10, 6.2 + Double((number * 11 + area * 5) % 35) / 10)
                let ring = (0...150).map { step -> String in
                    let angle = Double(step % 150) / 150 * 2 * .pi
                    return String(format: "%.4f,%.4f", lat + 0.15 * sin(angle), lon + 0.21 * cos(angle))
                }
                return [
                    "areaDesc": "Region \(area)", "polygon": [ring.joined(separator: " ")],
                    "geocode": [["valueName": "EMMA_ID", "value": codes[(number + area) % codes.count]]],
                ]
            }
            return ["de", "fr", "it", "en", "rm"].map {
                block($0, expires, areas: areas, text: String(repeating: "Thunderstorms with hail. ", count: 8))
            }
        }
    }

    /// Poland's make-up: 2,400 messages, Polish and English, one area each by its code.
    static func polishFeed() -> Data {
        let codes = WarningAreaOutlines.codes(prefixed: "PL")
        return feed(count: 2400, over: 2200) { number, expires in
            let areas: [[String: Any]] = [
                ["areaDesc": "Powiat \(number % codes.count)", "geocode": [["valueName": "EMMA_ID", "value": codes[number % codes.count]]]]
            ]
            return ["pl", "en-GB"].map {
                block($0, expires, areas: areas, text: String(repeating: "Marznące opady deszczu powodujące gołoledź. ", count: 6))
            }
        }
    }
}
