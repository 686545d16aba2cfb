import AlmanacCore
import Foundation

/// A remote data provider as the HTTP layer sees it: a name and the rules for reaching it. This
/// layer declares none; each provider declares itself in its own folder (`Provider.twelveData`
/// in `Providers/TwelveData/`), and `Provider.allCases` lists them.
///
/// Two values are the same provider when their `rawValue`s are equal.
package struct Provider: Hashable, Sendable {
    /// Where the provider's API key goes on the wire.
    package enum KeyPlacement: Sendable, Equatable {
        /// No key at all (Fruityvice).
        case none
        /// A query parameter with this name (`appid`, `apikey`).
        case query(String)
        /// A header with this name; the value is `prefix + key`.
        case header(String, prefix: String)
    }

    /// Several items in one request: one query parameter lists them, comma-separated (Twelve
    /// Data's `symbol=A,B`, Kraken's `pair=A,B`). Recorded answers are made one item at a
    /// time; `combine` makes a batch's answer from them as the provider would send it.
    package struct Batching: Sendable {
        package let queryName: String
        /// The batch's body from each item (as sent) and its recorded body (nil: none).
        package let combine: @Sendable ([(item: String, answer: JSONValue?)]) -> JSONValue

        package init(queryName: String, combine: @escaping @Sendable ([(item: String, answer: JSONValue?)]) -> JSONValue) {
            (self.queryName, self.combine) = (queryName, combine)
        }

        /// An object keyed by each item as sent; `missing` stands for an item with no answer.
        package static func keyedByItem(_ queryName: String, missing: @escaping @Sendable (String) -> JSONValue) -> Batching {
            Batching(queryName: queryName) { members in .object(members.map { ($0.item, $0.answer ?? missing($0.item)) }) }
        }
    }

    /// Rows by day: a request naming a first and an end day gets only the rows of the answer's
    /// array whose date falls between them. With this, a recording made for a long span answers a
    /// shorter one as the provider itself would (Twelve Data's `start_date`/`end_date` over `values`).
    package struct DatedRows: Sendable {
        /// The answer's top-level array member (`values`) and each row's date member (`datetime`).
        package let rows, date: String
        /// The query parameters naming the first day and the end day, `YYYY-MM-DD`.
        package let startQuery, endQuery: String
        /// Whether the end day itself is left out.
        package let endExclusive: Bool

        package init(rows: String, date: String, startQuery: String, endQuery: String, endExclusive: Bool) {
            (self.rows, self.date, self.startQuery, self.endQuery, self.endExclusive) = (rows, date, startQuery, endQuery, endExclusive)
        }

        /// Whether a row's date (its first characters as long as the bounds) falls between them.
        func contains(_ day: [UInt8], start: [UInt8]?, end: [UInt8]?) -> Bool {
            if let start, day.prefix(start.count).lexicographicallyPrecedes(start) { return false }
            guard let end else { return true }
            let head = day.prefix(end.count)
            return endExclusive ? head.lexicographicallyPrecedes(end) : !end.lexicographicallyPrecedes(head)
        }
    }

    /// The stable name used in cache entries, fixture folders and settings: `twelvedata`.
    package let rawValue, displayName: String
    /// The name a person knows it by in a sentence: one name for a provider's several hosts
    /// ("Open-Meteo" for its geocoding, ensemble, forecast and air hosts); `displayName` by default.
    package let brand: String
    /// The environment variable holding the API key, or nil when none is needed.
    package let keyVariable: String?
    /// The environment variable overriding the base URL.
    package let urlVariable, defaultBaseURL: String
    package let keyPlacement: KeyPlacement
    /// Whether requests spend a plan's allowance: a 429 then means the allowance is spent, so it
    /// is not retried at once.
    package let spendsAllowance: Bool
    /// The folder under `Fixtures/` holding this provider's recordings.
    package let fixtureFolder: String
    /// How requests batch several items, when they can.
    package let batching: Batching?
    /// How answers hold rows by day, when they do.
    package let datedRows: DatedRows?
    /// The cheap request `doctor --check` sends to see it answer, given the provider; nil: its root.
    package let probe: (@Sendable (Provider) -> RequestDescriptor)?
    /// The name `fixtures record --provider` knows it by, shared with the providers recorded
    /// beside it (Open-Meteo's hosts and the warning services with `metno`, the keyless set);
    /// its own by default.
    package let recordedAs: String

    package init(
        rawValue: String, displayName: String, keyVariable: String?, urlVariable: String, defaultBaseURL: String,
        keyPlacement: KeyPlacement, spendsAllowance: Bool = false, fixtureFolder: String? = nil, batching: Batching? = nil,
        datedRows: DatedRows? = nil, brand: String? = nil, probe: (@Sendable (Provider) -> RequestDescriptor)? = nil, recordedAs: String? = nil
    ) {
        self.rawValue = rawValue
        self.displayName = displayName
        self.brand = brand ?? displayName
        self.probe = probe
        self.recordedAs = recordedAs ?? rawValue
        self.keyVariable = keyVariable
        self.urlVariable = urlVariable
        self.defaultBaseURL = defaultBaseURL
        self.keyPlacement = keyPlacement
        self.spendsAllowance = spendsAllowance
        self.fixtureFolder = fixtureFolder ?? rawValue
        self.batching = batching
        self.datedRows = datedRows
    }

    /// A provider known only by its stored name (a cache entry's): equal to the declared one.
    package static func named(_ rawValue: String) -> Provider {
        Provider(rawValue: rawValue, displayName: rawValue, keyVariable: nil, urlVariable: "", defaultBaseURL: "", keyPlacement: .none)
    }

    package static func == (lhs: Provider, rhs: Provider) -> Bool { lhs.rawValue == rhs.rawValue }
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Query parameter names that carry secrets for any provider; always redacted.
    package static let secretQueryNames: Set<String> = ["apikey", "appid", "api_key", "key", "token"]
}
