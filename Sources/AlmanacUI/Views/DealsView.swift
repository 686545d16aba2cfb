import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// Deal rows as text: local time to the second, price to 0.01, amount to an integer.
public enum DealsView {
    public static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }()

    public static func grouped(_ value: Int) -> String { NumberText.grouped(value) }

    public static func cells(_ deal: Deal, style: Style) -> [String] {
        let price = DecimalText.fixed(deal.price, 2)
        return [
            String(deal.id), timeFormatter.string(from: deal.dateModified), deal.instrumentName,
            deal.side == .sell ? style.red(price) : style.green(price), grouped(Int(deal.amount.rounded())), deal.side.rawValue,
        ]
    }

    public static let columns: [Table.Column] = [
        .init("ID", .right), .init("Date modified"), .init("Instrument"), .init("Price", .right),
        .init("Amount", .right), .init("Side"),
    ]

    public static func table(_ deals: [Deal], column: DealColumn, descending: Bool, total: Int, style: Style) -> String {
        var table = Table(columns)
        for deal in deals { table.add(cells(deal, style: style)) }
        let header = style.dim("\(grouped(total)) deals, sorted by \(column.title.lowercased()) \(descending ? "descending" : "ascending")")
        return header + "\n" + table.render(style: style)
    }
}
