import AlmanacKit
import FrontKit

package struct MenuCommand: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "menu", abstract: "A guided, menu-driven session, one question at a time (also for piped input).")
    @OptionGroup package var global: GlobalOptions

    package func run() async throws {
        try await CommandRunner.run(global, bounded: false) { context in try await MenuSession(context: context).run() }
    }
}
