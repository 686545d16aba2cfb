import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import FrontKit
import Fruit

extension Feature {
    /// Fruit: `almanac fruit`, its menu screen and tab, Fruityvice as its provider, and the
    /// catalogue, a fruit and a family for `fixtures record`.
    package static let fruit = Feature(
        command: FruitCommand.self,
        menu: MenuEntry("Fruits", help: "The fruit catalogue, nutrition and what you ate (almanac fruit).", rank: 2) { FruitsScreen(context: $0) },
        tab: { FruitTab(context: $0) },
        answering: { _ in [.fruityvice] },
        recording: { provider, context in
            guard provider == .fruityvice else { return [] }
            let fruit = FruitService(context: context)
            return [
                ("the fruit catalogue", { _ = try await fruit.catalogue() }),
                ("Banana", { _ = try await fruit.fruit("Banana") }),
                ("the Rosaceae family", { _ = try await fruit.group(.family, "Rosaceae") }),
            ]
        })
}
