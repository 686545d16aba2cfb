import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a folder, with plain system calls (`opendir`/`readdir`): what
/// `FileManager.contentsOfDirectory(atPath:)` returns, without building Foundation's error and
/// attribute machinery on a path every sample-data run takes.
package enum DirectoryNames {
    /// Every entry's name but `.` and `..`, in the order the file system gives them; nil when the
    /// folder cannot be opened.
    package static func list(atPath path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
