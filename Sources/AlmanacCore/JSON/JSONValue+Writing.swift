import Foundation

/// The program's one JSON writer for documents it builds member by member (cache and recording
/// envelopes, split batch answers). Compact; members in the order given; `/` not escaped;
/// a number that is not finite is written as `null`. `Codable` documents go through `JSONEncoder`.
extension JSONValue {
    /// The value as compact JSON text.
    package func encoded() -> Data {
        var text = ""
        write(to: &text)
        return Data(text.utf8)
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .double(let value): text += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let elements):
            text += "["
            for (number, element) in elements.enumerated() {
                if number > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (number, (key, value)) in members.enumerated() {
                if number > 0 { text += "," }
                Self.writeString(key, to: &text)
                text += ":"
                value.write(to: &text)
            }
            text += "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259 §7).
    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where TerminalText.isControl(scalar):
                // C0 as RFC 8259 asks; DEL, C1 and the bidirectional controls too, so no raw
                // character a terminal acts on is printed.
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// This object with `key` set to `value` (replaced in place, or added last); other values unchanged.
    package func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The elements when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
