import Foundation

/// A `notify-send` stand-in for `ALMANAC_NOTIFY_COMMAND`: a script that logs each call's
/// arguments, one a line, then `---`, so a test reads what a desktop would have shown.
package enum NotifyScript {
    /// Writes the script into `folder`; its path and the log it appends to.
    package static func make(in folder: URL) throws -> (command: String, log: URL) {
        let log = folder.appendingPathComponent("notified.log")
        let script = folder.appendingPathComponent("notify-send")
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(log.path)'; done\necho --- >> '\(log.path)'\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (script.path, log)
    }

    /// The calls logged so far, each its arguments.
    package static func calls(_ log: URL) -> [[String]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "---\n").dropLast().map {
            $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }
}
