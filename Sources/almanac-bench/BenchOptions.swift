import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// `--count N`, `--json` and `--key value` pairs.
struct BenchOptions {
    var values: [String: String] = [:]
    var json = false

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--json" {
                json = true
            } else if argument.hasPrefix("--"), index + 1 < arguments.count {
                values[String(argument.dropFirst(2))] = arguments[index + 1]
                index += 1
            }
            index += 1
        }
    }

    func int(_ name: String, default value: Int) -> Int { values[name].flatMap(Int.init) ?? value }
}

/// Prints a two-column table or one JSON object.
func report(_ title: String, _ rows: [(String, String)], json: [String: Any], asJSON: Bool) {
    if asJSON {
        let data = try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        return
    }
    let width = rows.map(\.0.count).max() ?? 0
    print("\n\(title)")
    print(String(repeating: "─", count: width + 16))
    for (name, value) in rows {
        print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
    }
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }

func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func measureAsync(_ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
