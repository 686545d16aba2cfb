import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

public struct CryptoScreen: MenuScreen {
    public let context: AppContext
    public let title = "Cryptocurrencies"
    public let choices = ["Watchlist with prices", "Details: daily prices for a date range", "Add a cryptocurrency", "Remove a cryptocurrency"]

    public func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let service = CryptoService(context: context)
        let now = context.clock.now()
        await attempt(io) {
            switch index {
            case 0:
                io.say(CryptoView.watchlist(try await service.prices(), style: context.style, now: now))
            case 1:
                io.say(CryptoView.watchlist(try await service.prices(), style: context.style, now: now))
                guard case .text(let id) = io.ask("ID:") else { return }
                let today = try service.today()
                guard
                    let from = io.askValid(
                        "Start date (YYYY-MM-DD):", { try DateInput.range(from: $0, to: nil, today: today, defaultDays: 1).lowerBound }),
                    let to = io.askValid(
                        "End date (YYYY-MM-DD):", { try DateInput.range(from: from.description, to: $0, today: today, defaultDays: 1).upperBound })
                else { return }
                let history = try await service.history(id, from: from.description, to: to.description)
                io.say(CryptoView.history(history, ohlc: false, style: context.style, chart: context.style.enabled, now: now))
            case 2:
                guard case .text(let query) = io.ask("Symbol or name (e.g. ETH, Ethereum):") else { return }
                let chooser: CryptoService.Chooser = { pairs in
                    io.choose("Several pairs match:", pairs.map { "\($0.symbol) (\($0.currency_base ?? "?") in \($0.currency_quote ?? "?"))" })
                }
                let (item, added) = try await service.add(query, pick: nil, chooser: chooser)
                io.say(added ? "Added \(item.symbol) (\(item.name))." : "\(item.symbol) is already in the watchlist.")
            default:
                io.say("Watchlist: \(try service.watchlist().summary)")
                guard case .text(let reference) = io.ask("ID or name to remove:") else { return }
                let item = try service.remove(reference)
                io.say("Removed \(item.symbol) (\(item.name)).")
            }
        }
        return .stay
    }
}
