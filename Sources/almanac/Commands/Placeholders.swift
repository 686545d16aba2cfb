import AlmanacKit
import ArgumentParser

struct FruitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fruit", abstract: "Fruit (not built yet).")
}
struct DealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deals", abstract: "Deals (not built yet).")
}
