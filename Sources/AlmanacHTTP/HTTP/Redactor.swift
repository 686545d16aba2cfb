import AlmanacCore

/// Removes secrets from text before it reaches a message, log, cache or fixture.
package enum Redactor {
    /// Replaces each secret (at least 4 characters) with `***`, and every value of a secret
    /// query parameter (`apikey=…`, `appid=…`) with `***`.
    package static func scrub(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: "***")
            let encoded = URLParts.encode(secret)
            if encoded != secret { result = result.replacingOccurrences(of: encoded, with: "***") }
        }
        return scrubQuery(result)
    }

    static func scrubQuery(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let match = nextSecretParameter(in: rest) {
            output += rest[..<match.valueStart] + "***"
            rest = rest[match.valueEnd...]
        }
        return output + rest
    }

    private static func nextSecretParameter(in text: Substring) -> (valueStart: String.Index, valueEnd: String.Index)? {
        var index = text.startIndex
        while index < text.endIndex {
            let char = text[index]
            if char == "?" || char == "&" {
                let nameStart = text.index(after: index)
                if let equals = text[nameStart...].firstIndex(of: "="),
                    Provider.secretQueryNames.contains(text[nameStart..<equals].lowercased())
                {
                    let valueStart = text.index(after: equals)
                    let valueEnd = text[valueStart...].firstIndex(where: { "& #\"'\n".contains($0) }) ?? text.endIndex
                    if text[valueStart..<valueEnd] != "***" { return (valueStart, valueEnd) }
                }
            }
            index = text.index(after: index)
        }
        return nil
    }
}
