#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Named outlines shipped inside the program — the countries' and the time zones' — and which
/// one holds a point, with no request (docs/architecture.md §3, "A place's country").
///
/// The text, as `scripts/make_outlines.py` and `scripts/make_zones.py` write it: one record a
/// polygon (a mainland or an island, with its holes), `NAME:minLon,minLat,maxLon,maxLat:RING,RING,…;`,
/// bounds in hundredths of a degree, each ring in the Encoded Polyline Algorithm at 0.01° (about
/// a kilometre), longitude first, the text wrapped in lines that a reader drops. A point is read
/// against the polygons whose bounds come near it only, so a lookup decodes a few, never all.
package struct Outlines: Sendable {
    /// How far off an outline a point still counts as its, in kilometres (default 25): a point in
    /// coastal waters, or where simplifying moved a coast inland.
    package static let reachKilometres = 25.0

    /// Every record, read once from the text: one pass over its bytes, the line breaks left where
    /// they are (each reader below skips them).
    let records: [Record]
    /// Each name's records, by their place in `records`.
    let byName: [String: [Int]]

    /// The outlines in `encoded`; a record that does not read is left out.
    package init(_ encoded: String) {
        let bytes = Array(encoded.utf8)
        var records: [Record] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
            if let record = Self.record(bytes[start..<index]) { records.append(record) }
            start = index + 1
        }
        self.records = records
        byName = Dictionary(grouping: records.indices) { records[$0].name }
    }

    /// Every outline's name, in the text's order.
    package var names: [String] { records.map(\.name) }

    /// The name of the outline that holds the point (degrees north and east); failing that, of
    /// the nearest outline within `reachKilometres`; nil far from every outline.
    package func name(latitude: Double, longitude: Double) -> String? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let reachKilometres = Self.reachKilometres
        let point = Point(x: longitude * 100, y: latitude * 100)
        let margin = reachKilometres / 111 * 100 / max(cos(latitude * .pi / 180), 0.05)
        let near = records.filter { $0.bounds.contains(point, margin: margin) }
        var nearest: (name: String, kilometres: Double)?
        for record in near {
            let rings = record.rings()
            if rings.filter({ $0.windsAround(point) }).count % 2 == 1 { return record.name }
            let kilometres = rings.map { $0.kilometres(to: point) }.min() ?? .infinity
            if kilometres <= reachKilometres, kilometres < nearest?.kilometres ?? .infinity { nearest = (record.name, kilometres) }
        }
        return nearest?.name
    }

    /// Whether the outline named `name` holds the point (degrees north and east), or comes within
    /// `slackKilometres` of it; nil when no outline has that name.
    package func holds(name: String, latitude: Double, longitude: Double, slackKilometres: Double) -> Bool? {
        guard let named = byName[name]?.map({ records[$0] }) else { return nil }
        guard latitude.isFinite, longitude.isFinite else { return false }
        let point = Point(x: longitude * 100, y: latitude * 100)
        let margin = slackKilometres / 111 * 100 / max(cos(latitude * .pi / 180), 0.05)
        return named.contains { record in
            guard record.bounds.contains(point, margin: margin) else { return false }
            let rings = record.rings()
            return rings.filter { $0.windsAround(point) }.count % 2 == 1 || rings.contains { $0.kilometres(to: point) <= slackKilometres }
        }
    }

    /// A point in hundredths of a degree: `x` east, `y` north.
    struct Point: Sendable {
        var x, y: Double
    }

    /// A polygon's bounds, in hundredths of a degree.
    struct Bounds: Sendable {
        var west: Double, south: Double, east: Double, north: Double

        func contains(_ point: Point, margin: Double) -> Bool {
            point.x >= west - margin && point.x <= east + margin && point.y >= south - margin && point.y <= north + margin
        }
    }

    /// One closed ring of an outline (an island, a mainland or a hole in one).
    struct Ring: Sendable {
        var points: [Point]

        /// Whether a ray from `point` eastwards crosses the ring an odd number of times; the
        /// rings holding a point, counted, tell a hole from land (even–odd rule).
        func windsAround(_ point: Point) -> Bool {
            var inside = false
            var previous = points[points.count - 1]
            for current in points {
                if (current.y > point.y) != (previous.y > point.y) {
                    let crossing = previous.x + (point.y - previous.y) / (current.y - previous.y) * (current.x - previous.x)
                    if point.x < crossing { inside.toggle() }
                }
                previous = current
            }
            return inside
        }

        /// The distance from `point` to the ring's nearest edge, in kilometres (a flat map
        /// scaled at the point's latitude: accurate well within `reachKilometres`).
        func kilometres(to point: Point) -> Double {
            let east = 1.1132 * cos(point.y / 100 * .pi / 180)
            let north = 1.1057
            var best = Double.infinity
            var previous = points[points.count - 1]
            for current in points {
                let (ax, ay) = ((previous.x - point.x) * east, (previous.y - point.y) * north)
                let (bx, by) = ((current.x - point.x) * east, (current.y - point.y) * north)
                let (dx, dy) = (bx - ax, by - ay)
                let length = dx * dx + dy * dy
                let t = length > 0 ? min(max(-(ax * dx + ay * dy) / length, 0), 1) : 0
                best = min(best, ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot())
                previous = current
            }
            return best
        }
    }

    /// One polygon's record: its name (a country's code, a zone's), its bounds and its encoded
    /// rings (decoded when asked), the outer ring first.
    struct Record: Sendable {
        var name: String
        var bounds: Bounds
        var encodedRings: ArraySlice<UInt8>

        /// The rings, decoded from the polyline text.
        func rings() -> [Ring] {
            encodedRings.split(separator: UInt8(ascii: ",")).map { Ring(points: Polyline.points($0)) }.filter { $0.points.count >= 3 }
        }
    }

    /// A record from its text, `NAME:w,s,e,n:RINGS`; nil when it does not read.
    static func record(_ text: ArraySlice<UInt8>) -> Record? {
        let colon = UInt8(ascii: ":")
        guard let first = text.firstIndex(of: colon), let second = text[(first + 1)...].firstIndex(of: colon) else { return nil }
        let name = String(decoding: text[..<first].filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: " ") }, as: UTF8.self)
        let numbers = integers(text[(first + 1)..<second])
        guard !name.isEmpty, numbers.count == 4 else { return nil }
        let bounds = Bounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        return Record(name: name, bounds: bounds, encodedRings: text[(second + 1)...])
    }

    /// The comma-separated whole numbers of `text` (a line break anywhere is skipped).
    static func integers(_ text: ArraySlice<UInt8>) -> [Double] {
        var values: [Double] = []
        var (value, sign, digits) = (0, 1, false)
        for byte in text {
            switch byte {
            case UInt8(ascii: "-"): sign = -1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): (value, digits) = (value * 10 + Int(byte - UInt8(ascii: "0")), true)
            case UInt8(ascii: ","):
                values.append(Double(sign * value))
                (value, sign, digits) = (0, 1, false)
            default: continue
            }
        }
        if digits { values.append(Double(sign * value)) }
        return values
    }
}

/// The Encoded Polyline Algorithm, read: each value a signed delta in 5-bit groups, offset by 63
/// (a byte outside them, a line break, is skipped).
enum Polyline {
    /// The points of one ring, in hundredths of a degree.
    static func points(_ text: ArraySlice<UInt8>) -> [Outlines.Point] {
        var values: [Int] = []
        var value = 0
        var shift = 0
        for byte in text where byte >= 63 && byte <= 126 {
            let chunk = Int(byte) - 63
            value |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 {
                values.append(value & 1 == 1 ? ~(value >> 1) : value >> 1)
                value = 0
                shift = 0
            }
        }
        var points: [Outlines.Point] = []
        var (x, y) = (0, 0)
        for index in stride(from: 0, to: values.count - 1, by: 2) {
            x += values[index]
            y += values[index + 1]
            points.append(Outlines.Point(x: Double(x), y: Double(y)))
        }
        return points
    }
}
