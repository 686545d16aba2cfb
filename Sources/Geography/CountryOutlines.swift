/// Which country a point lies in, from the country outlines shipped inside the program — no
/// request (docs/architecture.md §3, "A place's country"). The outlines are Natural Earth's 1:50m
/// Admin 0 – Countries (public domain), simplified to about a kilometre by
/// `scripts/make_outlines.py` (`Outlines` reads them).
package enum CountryOutlines {
    /// Every country's polygons, read on first use.
    static let outlines = Outlines(encoded)

    /// The ISO 3166-1 alpha-2 code of the country whose outline holds the point (degrees north
    /// and east); failing that, of the nearest outline within `Outlines.reachKilometres`; nil at sea.
    package static func country(latitude: Double, longitude: Double) -> String? {
        outlines.name(latitude: latitude, longitude: longitude)
    }
}
