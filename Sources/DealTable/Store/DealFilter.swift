import AlmanacCore
import Foundation

/// Which deals a view shows: an instrument substring (case-insensitive), a side, and price,
/// amount and time ranges. Every part is optional; the empty filter keeps every deal.
///
/// Written on the command line as options (`--instrument`, `--side`, `--min-price` …) and in
/// the browser as one line (`DealFilter.parse`: `eur/usd side:buy price>1.08 amount<1e6`).
package struct DealFilter: Sendable, Equatable {
    /// One end of a range.
    package struct Bound: Sendable, Equatable {
        /// The value compared with.
        package var value: Double
        /// True when the value itself is inside the range (`>=`, `<=`, `=`, `--min-…`, `--max-…`).
        package var inclusive: Bool

        package init(_ value: Double, inclusive: Bool = true) {
            (self.value, self.inclusive) = (value, inclusive)
        }
    }

    /// A range with optional ends; both nil: no limit.
    package struct Range: Sendable, Equatable {
        /// The low and the high end; nil: none.
        package var lower, upper: Bound?

        package init(lower: Bound? = nil, upper: Bound? = nil) {
            (self.lower, self.upper) = (lower, upper)
        }

        /// True when `value` is inside both ends.
        @inline(__always)
        package func contains(_ value: Double) -> Bool {
            if let lower, lower.inclusive ? value < lower.value : value <= lower.value { return false }
            if let upper, upper.inclusive ? value > upper.value : value >= upper.value { return false }
            return true
        }

        /// True when neither end is set.
        package var isOpen: Bool { lower == nil && upper == nil }

        /// True when no value can be inside both ends (`>2 <1`, or `>1 <1`).
        package var isEmpty: Bool {
            guard let lower, let upper else { return false }
            return lower.value > upper.value || (lower.value == upper.value && !(lower.inclusive && upper.inclusive))
        }
    }

    /// Text the instrument name contains, compared case-insensitively; nil or empty: any.
    package var instrument: String?
    /// Only buys or only sells; nil: both.
    package var side: Deal.Side?
    /// Prices and amounts kept.
    package var price = Range(), amount = Range()
    /// Modification times kept, as seconds since 1970 (`since`/`until` days become instants).
    package var time = Range()

    /// The filter that keeps everything.
    package init() {}

    /// True when the filter keeps every deal.
    package var isEmpty: Bool { (instrument ?? "").isEmpty && side == nil && price.isOpen && amount.isOpen && time.isOpen }

    /// Whether `deal` passes every part.
    package func matches(_ deal: Deal) -> Bool {
        matchesInstrument(deal.instrumentName) && (side == nil || side == deal.side) && price.contains(deal.price)
            && amount.contains(deal.amount) && time.contains(deal.dateModified.timeIntervalSince1970)
    }

    /// Whether an instrument name contains the instrument text (case-insensitively).
    package func matchesInstrument(_ name: String) -> Bool {
        guard let instrument, !instrument.isEmpty else { return true }
        return name.range(of: instrument, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
