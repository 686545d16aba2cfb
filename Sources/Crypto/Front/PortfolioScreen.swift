import AlmanacCore
import AlmanacProviders
import Crypto
import Foundation
import FrontKit

/// The menu's portfolio: the lots valued, adding a lot, removing one.
package struct PortfolioScreen: MenuScreen {
    package let context: FrontContext
    package let title = "Portfolio"
    package let choices = ["What you own: value, cost, profit or loss", "Add a lot", "Remove a lot"]
    package let help = [
        "Each lot at the latest price, with profit or loss and the totals. Same as: almanac crypto portfolio",
        "Asks for a pair (BTC, BTC/USD), the amount (0.5), what it cost in all (blank: the day's close) and the day bought "
            + "(YYYY-MM-DD; blank for today). Same as: almanac crypto portfolio add BTC 0.5 --cost 30000 --date 2026-11-15",
        "Asks for a lot's ID, or a pair to remove all its lots. Same as: almanac crypto portfolio remove 2",
    ]

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let service = CryptoService(context: context.app)
        await attempt(io) {
            switch index {
            case 0:
                let (valuation, provenance) = try await service.portfolio()
                io.say(PortfolioView.table(valuation, provenance: provenance, style: context.style, now: context.clock.now()))
            case 1: try await add(service, io: io)
            default:
                guard let removed = io.askValid("Lot ID or pair to remove:", { try service.removeLots($0) }) else { return }
                io.say("Removed " + removed.map { "lot \($0.id) (\($0.amount) \($0.symbol))" }.joined(separator: ", ") + ".")
            }
        }
        return .stay
    }

    private func add(_ service: CryptoService, io: MenuIO) async throws {
        guard let pair = io.askValid("Pair (e.g. BTC, BTC/USD):", { $0 }),
            let amount = io.askValid("Amount (e.g. 0.5):", { text in try NumberRule.units.decimal(text) }),
            let cost = io.askValid(
                "Cost in all (blank: the day's close):", { text in text.isEmpty ? "" : "\(try NumberRule.cost.decimal(text))" }),
            let date = io.askValid("Day bought (YYYY-MM-DD, blank for today):", { $0 })
        else { return }
        let lot = try await service.addLot(pair, amount: "\(amount)", cost: cost.isEmpty ? nil : cost, price: nil, date: date.isEmpty ? nil : date)
        io.say("Added lot \(lot.id): \(lot.amount) \(lot.symbol) bought \(lot.date) for \(PortfolioView.money(lot.cost)).")
    }
}

/// The menu's price alerts: the list, adding, removing, re-arming, checking now.
package struct AlertsScreen: MenuScreen {
    package let context: FrontContext
    package let title = "Price alerts"
    package let choices = ["Alerts", "Add an alert", "Remove an alert", "Re-arm a triggered alert", "Check now"]
    package let help = [
        "Every alert, armed or triggered (with the price and time seen). Same as: almanac crypto alert",
        "Asks for a pair, above or below, and a price. Same as: almanac crypto alert add BTC above 100000",
        "Asks for an alert's ID. Same as: almanac crypto alert remove 2",
        "Asks for an alert's ID; it fires again when a price meets it. Same as: almanac crypto alert rearm 2",
        "Fetches the prices of the armed alerts and says which fired. Same as: almanac crypto alert check",
    ]

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let service = CryptoService(context: context.app)
        let now = context.clock.now()
        await attempt(io) {
            switch index {
            case 0:
                let alerts = try service.alerts()
                io.say(alerts.isEmpty ? "No alerts yet." : alerts.map { CryptoView.alert($0, now: now) }.joined(separator: "\n"))
            case 1:
                guard let pair = io.askValid("Pair (e.g. BTC, BTC/USD):", { $0 }),
                    let direction = io.askValid(
                        "above or below:",
                        { text in
                            guard let side = PriceAlerts.Direction(rawValue: text.lowercased()) else { throw AlertError.badDirection(text) }
                            return side
                        }),
                    let price = io.askValid("Price:", { text in try NumberRule.alertPrice.decimal(text) })
                else { return }
                let alert = try await service.addAlert(pair, direction: direction.rawValue, price: "\(price)")
                io.say("Added " + CryptoView.alert(alert, now: now))
            case 2:
                guard let alert = io.askValid("Alert ID:", { text in try service.removeAlert(try Self.id(text)) }) else { return }
                io.say("Removed alert \(alert.id).")
            case 3:
                guard let alert = io.askValid("Alert ID:", { text in try service.rearmAlert(try Self.id(text)) }) else { return }
                io.say("Re-armed " + CryptoView.alert(alert, now: now))
            default:
                let fired = try await service.checkAlerts()
                io.say(fired.isEmpty ? "No alert fired." : fired.map { CryptoView.alert($0, now: now) }.joined(separator: "\n"))
            }
        }
        return .stay
    }

    private static func id(_ text: String) throws -> Int {
        guard let id = Int(text.trimmingWhitespace()) else { throw UsageError("An alert ID is a whole number, e.g. 2.") }
        return id
    }
}
