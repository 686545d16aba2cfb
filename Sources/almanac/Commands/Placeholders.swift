import AlmanacKit
import ArgumentParser

struct CryptoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "crypto", abstract: "Crypto (not built yet).")
}
struct FruitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fruit", abstract: "Fruit (not built yet).")
}
struct DealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deals", abstract: "Deals (not built yet).")
}
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "profile", abstract: "Profile (not built yet).")
}
struct MenuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "menu", abstract: "Menu (not built yet).")
}
struct MenuSession {
    let context: AppContext
    func run() async throws {}
}
