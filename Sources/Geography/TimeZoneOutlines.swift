/// A point's IANA time zone, from the time-zone outlines shipped inside the program — no request
/// (docs/architecture.md §3, "A place's clock"). The outlines are timezone-boundary-builder's land
/// zones (release 2019b; Open Database License), simplified to about a kilometre by
/// `scripts/make_zones.py` (`Outlines` reads them).
package enum TimeZoneOutlines {
    /// Every land zone's polygons, read on first use.
    static let outlines = Outlines(encoded)

    /// The zone whose outline holds the point (degrees north and east); failing that, the nearest
    /// within `Outlines.reachKilometres` (coastal waters); at sea, the nautical zone of its
    /// longitude (`nautical`). Nil only for a point that is not one (not finite, off the globe).
    package static func zone(latitude: Double, longitude: Double) -> String? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return outlines.name(latitude: latitude, longitude: longitude) ?? nautical(longitude: longitude)
    }

    /// The nautical zone of a longitude: whole hours, 15° wide, centred on multiples of 15°
    /// (`Etc/GMT-10` is UTC+10: the IANA names' signs are inverted); ±180° is UTC±12.
    package static func nautical(longitude: Double) -> String {
        let hours = Int((longitude / 15).rounded())  // a checked longitude: within ±180°
        return hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    }
}
