import AlmanacTestSupport
import Foundation
import Synchronization

/// A loopback Kraken `Trades` endpoint answering by cursor: none → trades 1-3 (last 100); 100 → 4-5 (last 200); 200 → the first
/// time a reset, then 6 (last 300); later, nothing new.
// @unchecked: `server` is made once, on first use, before any request reaches the handler.
package final class KrakenTapeServer: @unchecked Sendable {
    package let sinces = Mutex<[String]>([])
    package let resetDone = Atomic(false)

    static let catalogue = #"{"error":[],"result":{"XXBTZUSD":{"altname":"XBTUSD","wsname":"XBT/USD"}}}"#

    static func trades(_ rows: [(String, String, Int, String, Int)], last: String) -> String {
        let list = rows.map { #"["\#($0.0)","\#($0.1)",\#($0.2).1234,"\#($0.3)","l","",\#($0.4)]"# }
        return #"{"error":[],"result":{"XXBTZUSD":[\#(list.joined(separator: ","))],"last":"\#(last)"}}"#
    }

    package lazy var server: LoopbackServer = try! LoopbackServer { [self] request in
        if request.path == "/0/public/AssetPairs" { return .json(Self.catalogue) }
        let since = request.query.first { $0.name == "since" }?.value ?? "-"
        sinces.withLock { $0.append(since) }
        switch since {
        case "-":
            return .json(
                Self.trades(
                    [
                        ("91000.0", "0.5", 1_795_651_200, "b", 1), ("91010.0", "0.1", 1_795_651_201, "s", 2),
                        ("91020.0", "2", 1_795_651_202, "b", 3),
                    ],
                    last: "100"))
        case "100": return .json(Self.trades([("91030.0", "1", 1_795_651_203, "s", 4), ("91040.0", "1", 1_795_651_204, "b", 5)], last: "200"))
        case "200":
            if !resetDone.exchange(true, ordering: .relaxed) { return .reset }
            return .json(Self.trades([("91050.0", "3", 1_795_651_205, "s", 6)], last: "300"))
        default: return .json(Self.trades([], last: since))
        }
    }

    package init() {}
}
