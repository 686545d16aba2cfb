import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// Deal rows as text: local time to the second, price to 0.01, amount to an integer.
package enum DealsView {
    package static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }()

    package static func grouped(_ value: Int) -> String { NumberText.grouped(value) }

    package static func cells(_ deal: Deal, style: Style) -> [String] {
        let price = DecimalText.fixed(deal.price, 2)
        return [
            String(deal.id), timeFormatter.string(from: deal.dateModified), deal.instrumentName,
            deal.side == .sell ? style.red(price) : style.green(price), grouped(Int(deal.amount.rounded())), deal.side.rawValue,
        ]
    }

    package static let columns: [Table.Column] = [
        .init("ID", .right), .init("Date modified"), .init("Instrument"), .init("Price", .right),
        .init("Amount", .right), .init("Side"),
    ]

    package static func table(_ deals: [Deal], column: DealColumn, descending: Bool, total: Int, style: Style) -> String {
        var table = Table(columns)
        for deal in deals { table.add(cells(deal, style: style)) }
        let header = style.dim("\(grouped(total)) deals, sorted by \(column.title.lowercased()) \(descending ? "descending" : "ascending")")
        return header + "\n" + table.render(style: style)
    }
}
