import AlmanacCore
import DealTable
import Foundation
import FrontKit
import Synchronization

/// Writes the deals view shown — filtered, in its order — to a file: CSV (RFC 4180, a header
/// row, full precision, times in UTC ISO 8601) or JSON (the shape of `deals top --json`).
/// Atomic (a reader never sees half a file), streamed a slice at a time however long the view,
/// and an existing file is kept unless `replacing`.
package enum DealExport {
    package enum Format: String, CaseIterable, Sendable {
        case csv, json
    }

    /// Rows written per slice.
    static let slice = 8_192

    /// An export written on a thread of its own (`start`): where it goes and, once it has
    /// ended, how — the rows written, or why not.
    package struct Job: Sendable {
        package let url: URL
        let work: AlmanacCore.Job<Result<Int, any Error>>

        /// Nil while it runs.
        package var outcome: Result<Int, any Error>? { work.value }

        package func wait() { work.wait() }
    }

    /// Writes `snapshot` to `url` as CSV on `JobPool.background` (never replacing a file);
    /// returns at once. `wake` is called as it ends (the frame loop says how it went).
    package static func start(_ snapshot: DealSnapshot, to url: URL, wake: (@Sendable () -> Void)? = nil) -> Job {
        Job(url: url, work: .start(wake: wake) { Result { try write(snapshot, to: url, format: .csv, replacing: false) } })
    }

    /// Writes every row of the view `snapshot` holds to `url`, in its order; returns how many.
    /// Sorts the rows first (`DealSnapshot.orderedRows`), so it may run on any thread.
    @discardableResult
    package static func write(_ snapshot: DealSnapshot, to url: URL, format: Format, replacing: Bool) throws -> Int {
        try OutputPathError.requireParent(of: url)
        let rows = snapshot.orderedRows()
        try AtomicFile.write(to: url, permissions: 0o644, replacing: replacing) { append in
            switch format {
            case .csv:
                try append(Data("id,dateModified,instrument,price,amount,side\r\n".utf8))
                try forEachSlice(snapshot, rows) { deals in try append(Data(deals.map(csvLine).joined().utf8)) }
            case .json:
                try append(Data(#"{"matched":\#(rows.count),"received":\#(snapshot.received),"totals":"#.utf8))
                try append(try JSONEncoder.almanac.encode(DealTotalsJSON(snapshot.totals)))
                try append(Data(#","items":["#.utf8))
                var first = true
                try forEachSlice(snapshot, rows) { deals in
                    var text = first ? "" : ","
                    text += deals.map { String(decoding: jsonValue(DealJSON($0)).encoded(), as: UTF8.self) }.joined(separator: ",")
                    try append(Data(text.utf8))
                    first = false
                }
                try append(Data("]}\n".utf8))
            }
        }
        return rows.count
    }

    private static func forEachSlice(_ snapshot: DealSnapshot, _ rows: [UInt32], _ body: ([Deal]) throws -> Void) throws {
        for offset in stride(from: 0, to: rows.count, by: slice) { try body(snapshot.deals(rows[offset..<min(rows.count, offset + slice)])) }
    }

    /// One CSV record with its CRLF.
    static func csvLine(_ deal: Deal) -> String {
        let fields = [
            String(deal.id), DealJSON.iso.format(deal.dateModified), field(deal.instrumentName), number(deal.price), number(deal.amount),
            deal.side.rawValue,
        ]
        return fields.joined(separator: ",") + "\r\n"
    }

    /// A CSV field: quoted, with quotes doubled, when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A row as `deals top --json` writes it (keys sorted), built without an encoder: an export
    /// of millions of rows would spend most of its time in one.
    static func jsonValue(_ row: DealJSON) -> JSONValue {
        func number(_ value: Double) -> JSONValue { value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .double(value) }
        return .object([
            ("amount", number(row.amount)), ("dateModified", .string(row.dateModified)), ("id", .int(Int(row.id))),
            ("instrument", .string(row.instrument)), ("price", number(row.price)), ("side", .string(row.side)),
        ])
    }

    /// The shortest text that reads back as the same double; whole numbers without `.0`.
    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A name for the browser's export: `deals-20261125-143005.csv` in `folder`.
    package static func suggestedFile(in folder: URL, at date: Date) -> URL {
        folder.appendingPathComponent("deals-\(DealsView.formatter("yyyyMMdd-HHmmss").string(from: date)).csv")
    }
}

/// The view's totals as JSON: `{"count","bought":{"count","amount"},"sold":{…},"instrument","averagePrice"}`
/// (the last two only when the view is one instrument).
package struct DealTotalsJSON: Encodable {
    package struct Side: Encodable {
        var count: Int
        var amount: Double
    }

    var count: Int
    var bought, sold: Side
    var instrument: String?
    var averagePrice: Double?

    package init(_ totals: DealTotals) {
        count = totals.count
        bought = Side(count: totals.buyCount, amount: totals.boughtAmount)
        sold = Side(count: totals.sellCount, amount: totals.soldAmount)
        instrument = totals.single?.instrument
        averagePrice = totals.single?.averagePrice
    }
}

/// `deals top --json`: the first rows, how many matched of how many received, the totals.
package struct DealsTopJSON: Encodable {
    var items: [DealJSON]
    var matched, received: Int
    var totals: DealTotalsJSON

    package init(_ store: DealStore, rows: [Deal]) {
        items = rows.map(DealJSON.init)
        matched = store.count
        received = store.unfilteredCount
        totals = DealTotalsJSON(store.totals)
    }
}
