import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import Fruit

package struct FruitsScreen: MenuScreen {
    package let context: FrontContext
    package let title = "Fruits"
    package let choices = ["Catalogue (choose the sort)", "A fruit's detail", "Eat a fruit", "Log of the last 30 days"]
    package let help = [
        "Asks for the sort: id, name, family, genus or order (blank for id). Same as: almanac fruit list --sort name",
        "Asks for a fruit name or id. Same as: almanac fruit show Banana",
        "Asks for a fruit, the day eaten (YYYY-MM-DD, today, yesterday; blank for today) and the grams (blank for 100). "
            + "Same as: almanac fruit eat Banana --amount 150",
        "What you ate day by day, with totals. Same as: almanac fruit log",
    ]

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let service = FruitService(context: context.app)
        await attempt(io) {
            switch index {
            case 0: try await catalogue(service, io: io)
            case 1:
                guard let (fruit, _) = try await io.askValid("Fruit name or id:", { try await service.fruit($0) }) else { return }
                io.say(FruitView.detail(fruit, lastEaten: try service.lastEaten(fruit), today: try context.today(), style: context.style))
            case 2: try await eat(service, io: io)
            default:
                io.say(FruitView.log(try service.days(from: nil, to: nil), style: context.style))
            }
        }
        return .stay
    }

    private func catalogue(_ service: FruitService, io: MenuIO) async throws {
        guard
            let sort = io.askValid(
                "Sort by id, name, family, genus or order [id]:",
                { text -> FruitSort in
                    guard let sort = FruitSort(rawValue: text.isEmpty ? "id" : text.lowercased()) else {
                        throw UsageError("Type id, name, family, genus or order.")
                    }
                    return sort
                })
        else { return }
        io.say(FruitView.catalogue(try await service.catalogue().fruits, sort: sort, style: context.style))
    }

    private func eat(_ service: FruitService, io: MenuIO) async throws {
        guard let (fruit, _) = try await io.askValid("Fruit name or id:", { try await service.fruit($0) }) else { return }
        guard let date = io.askValid("Date eaten, YYYY-MM-DD [today]:", { text in try service.eatenDate(text.isEmpty ? nil : text) }),
            let grams = io.askValid("Grams [100]:", { text in text.isEmpty ? 100 : try NumberRule.grams.parse(text) })
        else { return }
        let entry = try await service.eat(fruit.name, date: date.description, grams: grams)
        io.say("Logged #\(entry.id): \(entry.name) on \(entry.date.longText).")
    }
}
