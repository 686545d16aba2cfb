import AlmanacCore
import Crypto
import Foundation
import FrontKit

package struct CryptoScreen: MenuScreen {
    package let context: FrontContext
    package let title = "Cryptocurrencies"
    package let choices = [
        "Watchlist with prices", "Details: daily prices for a date range", "Add a cryptocurrency", "Remove a cryptocurrency",
        "Portfolio: what you own", "Price alerts",
    ]
    package let help = [
        "Shows each pair's price and change. Same as: almanac crypto",
        "Asks for an ID from the watchlist, a start date and an end date (YYYY-MM-DD; today, yesterday; a blank end date means today). "
            + "Same as: almanac crypto history BTC --from 2026-11-01 --to 2026-11-07",
        "Asks for a symbol, pair or name (ETH, ETH/USD, Ethereum) and offers a choice when several match. Same as: almanac crypto add Ethereum",
        "Asks for an ID or name from the watchlist. Same as: almanac crypto remove ETH",
        "Opens the portfolio: lots, their value and profit, adding and removing. Same as: almanac crypto portfolio",
        "Opens the price alerts: adding, removing, re-arming, checking. Same as: almanac crypto alert",
    ]

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        if index == 4 { return .open(PortfolioScreen(context: context)) }
        if index == 5 { return .open(AlertsScreen(context: context)) }
        let service = CryptoService(context: context.app)
        let now = context.clock.now()
        await attempt(io) {
            switch index {
            case 0:
                io.say(CryptoView.watchlist(try await service.prices(), style: context.style, now: now))
            case 1: try await details(service, io: io)
            case 2: try await add(service, io: io)
            default:
                io.say("Watchlist: \(try service.watchlist().summary)")
                guard let item = io.askValid("ID or name to remove:", { try service.remove($0) }) else { return }
                io.say("Removed \(item.symbol) (\(item.name)).")
            }
        }
        return .stay
    }

    /// Daily prices of one pair for a date range (a blank end date is today).
    private func details(_ service: CryptoService, io: MenuIO) async throws {
        let now = context.clock.now()
        io.say(CryptoView.watchlist(try await service.prices(), style: context.style, now: now))
        guard let id = try await io.askValid("ID:", { text in try await service.pair(for: text).0 }) else { return }
        let today = try service.today()
        guard
            let from = io.askValid(
                "Start date (YYYY-MM-DD):", { try DateInput.range(from: $0, to: nil, today: today, defaultDays: 1).lowerBound }),
            let to = io.askValid(
                "End date (YYYY-MM-DD, blank for today):",
                { text in
                    try DateInput.range(from: from.description, to: text.isEmpty ? nil : text, today: today, defaultDays: 1).upperBound
                })
        else { return }
        let history = try await service.history(id, from: from.description, to: to.description)
        io.say(CryptoView.history(history, ohlc: false, style: context.style, chart: context.style.enabled, now: now))
    }

    /// A pair by symbol or name, with a choice when several match.
    private func add(_ service: CryptoService, io: MenuIO) async throws {
        let chooser: CryptoService.Chooser = { io.choose("Several pairs match:", $0.map(\.choiceText)) }
        guard
            let (item, added) = try await io.askValid(
                "Symbol or name (e.g. ETH, Ethereum):", { query in try await service.add(query, pick: nil, chooser: chooser) })
        else { return }
        io.say(added ? "Added \(item.symbol) (\(item.name))." : "\(item.symbol) is already in the watchlist.")
        if added, let gap = await service.priceGap(item.symbol) { io.say(CryptoView.gap(gap, symbol: item.symbol)) }
    }
}
