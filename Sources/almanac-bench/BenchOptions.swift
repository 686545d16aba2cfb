import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// `--key value` pairs (`--count N`) and flags (`--json`, `--scaling`): an option followed by
/// another option, or by nothing, is a flag.
struct BenchOptions {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var json: Bool { flag("json") }

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                let name = String(argument.dropFirst(2))
                if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
                    values[name] = arguments[index + 1]
                    index += 1
                } else {
                    flags.insert(name)
                }
            }
            index += 1
        }
    }

    func int(_ name: String, default value: Int) -> Int { values[name].flatMap(Int.init) ?? value }

    func flag(_ name: String) -> Bool { flags.contains(name) }
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
