import Foundation

/// What can be read from a damaged JSON document: the longest prefix that ends after a complete
/// value, closed. Records inside arrays are kept only whole; an object not inside an array (the
/// document itself, its settings) may be kept in part and is completed by `merge(_:over:)`.
package enum JSONSalvage {
    /// The salvaged document, or nil when nothing in `data` is whole.
    package static func salvage(_ data: Data) -> JSONValue? {
        let bytes = [UInt8](data)
        var stack: [UInt8] = []
        var cuts: [(end: Int, closers: [UInt8])] = []
        var inString = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): stack.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                if keepsRecordsWhole(stack) { cuts.append((index + 1, stack)) }
            case UInt8(ascii: ","):
                if keepsRecordsWhole(stack) { cuts.append((index, stack)) }
            default: break
            }
        }
        for cut in cuts.reversed().prefix(64) {
            var text = Array(bytes[..<cut.end])
            for open in cut.closers.reversed() { text.append(open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
            if let value = JSONValue.parse(Data(text)) { return value }
        }
        return nil
    }

    /// True when closing the open containers here would not cut a record: no object is open
    /// inside an open array.
    private static func keepsRecordsWhole(_ stack: [UInt8]) -> Bool {
        guard let firstArray = stack.firstIndex(of: UInt8(ascii: "[")) else { return true }
        return !stack[firstArray...].contains(UInt8(ascii: "{"))
    }

    /// True when a salvaged value holds something: a scalar, or a container with something in it.
    package static func holdsData(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members): members.contains { holdsData($0.1) }
        case .array(let elements): !elements.isEmpty
        default: true
        }
    }

    /// `partial` laid over `base`: members of objects merge key by key, anything else in
    /// `partial` replaces what `base` has.
    package static func merge(_ partial: JSONValue, over base: JSONValue) -> JSONValue {
        guard case .object(let baseMembers) = base, case .object(let partialMembers) = partial else { return partial }
        var members = baseMembers.map { key, value in (key, partial[key].map { merge($0, over: value) } ?? value) }
        for (key, value) in partialMembers where base[key] == nil { members.append((key, value)) }
        return .object(members)
    }
}
