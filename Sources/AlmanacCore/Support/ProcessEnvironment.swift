import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment variables.
public enum ProcessEnvironment {
    /// Every variable, read from `environ` (the first of a repeated name wins, as with `getenv`).
    /// Foundation's `ProcessInfo.environment` builds the same dictionary through generic code
    /// that looks its types up at run time, a cost every command paid before its first line.
    public static func variables() -> [String: String] {
        #if canImport(Glibc)
            var variables: [String: String] = [:]
            var entry = environ
            while let pointer = entry.pointee {
                let text = String(cString: pointer)
                if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    let name = String(text[..<equals])
                    if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
                }
                entry += 1
            }
            return variables
        #else
            return ProcessInfo.processInfo.environment
        #endif
    }
}
