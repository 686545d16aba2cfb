import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One trading deal as the deal server streams it.
public struct Deal: Sendable, Equatable, Codable {
    public enum Side: String, Sendable, Codable, CaseIterable {
        case buy, sell
    }

    public var id: Int64
    public var dateModified: Date
    public var instrumentName: String
    public var price: Double
    public var amount: Double
    public var side: Side

    public init(id: Int64, dateModified: Date, instrumentName: String, price: Double, amount: Double, side: Side) {
        self.id = id
        self.dateModified = dateModified
        self.instrumentName = instrumentName
        self.price = price
        self.amount = amount
        self.side = side
    }
}

/// The columns the table can be sorted by.
public enum DealColumn: String, Sendable, CaseIterable, Codable {
    case date, instrument, price, amount, side

    public var title: String {
        switch self {
        case .date: "Date modified"
        case .instrument: "Instrument"
        case .price: "Price"
        case .amount: "Amount"
        case .side: "Side"
        }
    }
}
