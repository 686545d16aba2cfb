import Foundation

/// A country's or territory's name in English by its ISO 3166-1 code (`HR` → `Croatia`), as
/// warning messages and their lists name a place's country.
package enum CountryName {
    /// The English name of `code` (any case); nil for a code that names none.
    package static func english(_ code: String) -> String? {
        Locale(identifier: "en").localizedString(forRegionCode: code.uppercased())
    }
}
