import AlmanacFuzz
import Foundation

// Built two ways. With `-D FUZZING -parse-as-library -sanitize=fuzzer,address` (see
// `scripts/fuzz.sh`), libFuzzer supplies `main` and calls `LLVMFuzzerTestOneInput`; the target
// comes from `ALMANAC_FUZZ_TARGET`. Otherwise this is a replay tool:
// `almanac-fuzz TARGET FILE…` runs each file through a target once (the regression tests use it).

#if FUZZING
    private let selected: FuzzTarget? = {
        guard let name = ProcessInfo.processInfo.environment["ALMANAC_FUZZ_TARGET"], let target = FuzzTarget.named(name) else {
            FileHandle.standardError.write(Data("set ALMANAC_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n".utf8))
            exit(64)
        }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    package func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        selected?.run(Data(bytes: bytes, count: size))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func runDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// The package manager names an executable's entry point after its module; hand it to
    /// libFuzzer's driver.
    @_cdecl("almanac_fuzz_main")
    package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments) { bytes, size in fuzzOneInput(bytes, size) }
    }
#else
    import ArgumentParser

    /// What the manual plugin, which asks every executable built on the argument parser for
    /// `--experimental-dump-help`, is told of this tool.
    struct FuzzManual: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "almanac-fuzz", abstract: "Replays files through a fuzz target: almanac-fuzz TARGET FILE…")
    }

    @main
    enum FuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments == ["--experimental-dump-help"] { FuzzManual.main() }
            guard let name = arguments.first, let target = FuzzTarget.named(name) else {
                print("usage: almanac-fuzz TARGET FILE…   targets: \(FuzzTarget.all.map(\.name).joined(separator: " "))")
                exit(arguments.isEmpty ? 0 : 64)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                target.run(data)
            }
        }
    }
#endif
