import AlmanacKit
import ArgumentParser

struct DealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deals", abstract: "Deals (not built yet).")
}
