import AlmanacCore
import FrontKit

extension NumberRule {
    /// Deals the built-in server sends.
    package static let dealCount = NumberRule(flag: "--count", noun: "The number of deals", lowest: 0, highest: 10_000_000)
    /// Rows a deals command prints.
    package static let rows = NumberRule(flag: "--limit", noun: "The number of rows", lowest: 0, highest: 100_000)
    /// The deals commands' rules.
    package static let deals: [NumberRule] = [dealCount, rows]
}

/// The deals commands' numbers, each named by its rule.
package enum DealCountNumber: NumberKind { package static let rule = NumberRule.dealCount }
package enum RowsNumber: NumberKind { package static let rule = NumberRule.rows }
