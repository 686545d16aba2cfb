import AlmanacClient
import AlmanacCore
import Foundation

/// The crypto front end's settings (`crypto-settings.json`): the currency prices, values and
/// costs are shown in (`crypto settings --currency EUR`).
package struct CryptoSettings: StoredDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "crypto-settings.json"
    package static func initial() -> CryptoSettings { CryptoSettings() }

    /// An ISO 4217 code; `USD` by default.
    package var currency = "USD"
    /// Which provider prices crypto (`crypto settings --provider`); nil: `auto`.
    package var provider: PriceSourceChoice?

    /// The defaults.
    package init() {}

    /// The currencies a refused `--currency` tries, to name those that work.
    package static let common = ["EUR", "GBP", "JPY", "CHF", "CAD", "AUD"]

    /// The active ISO 4217 currency codes (the ones `--currency` accepts).
    package static let currencies: Set<String> = Set(
        """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF
        CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG
        HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA
        MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD
        RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX
        USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL
        """.split(whereSeparator: \.isWhitespace).map(String.init))
}
