import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import ArgumentParser
import Foundation
import FrontKit
import TerminalKit

struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "Inspect and clean the response cache.",
        subcommands: [Stats.self, List.self, Clear.self, Prune.self], defaultSubcommand: Stats.self)

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "Entries, size, oldest and newest, per provider.")
        @OptionGroup var global: LocalOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let stats = CacheReport.stats(context.client.answers.cache, fixtures: context.client.samples.fixtures, now: context.clock.now())
                if context.json { return try context.printJSON(stats) }
                var lines = [
                    "Cache: \(stats.folder)",
                    "Entries: \(stats.entries), \(ByteCount.format(stats.bytes)) of \(ByteCount.format(stats.limitBytes))",
                ]
                let now = context.clock.now()
                if let oldest = stats.oldest, let newest = stats.newest {
                    lines.append(
                        "Oldest: \(Age.describe(now.timeIntervalSince(oldest))) ago, newest: \(Age.describe(now.timeIntervalSince(newest))) ago")
                }
                var table = Table([.init("Provider"), .init("Entries", .right), .init("Size", .right)])
                for (provider, item) in stats.perProvider.sorted(by: { $0.key < $1.key }) {
                    table.add([provider, String(item.entries), ByteCount.format(item.bytes)])
                }
                if !stats.perProvider.isEmpty { lines.append("\n" + table.render(style: context.style)) }
                if stats.keptSampleAnswers > 0 {
                    lines.append(
                        "Kept sample answers: \(stats.keptSampleAnswers), \(ByteCount.format(stats.keptSampleBytes)) (sample data worked out once, never shown as live)"
                    )
                }
                context.console.print(lines.joined(separator: "\n"))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Every cached request (keys never shown): age, size, expiry, validator.", aliases: ["ls"])
        @OptionGroup var global: LocalOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let items = CacheReport.items(context.client.answers.cache, now: context.clock.now())
                if context.json { return try context.printJSON(ItemsJSON(items: items)) }
                if items.isEmpty { return context.console.print("The cache is empty.") }
                let now = context.clock.now()
                var table = Table([
                    .init("Request"), .init("Age", .right), .init("Size", .right), .init("State"), .init("Expires"), .init("Validator"),
                ])
                for item in items {
                    let left = item.expiresAt.timeIntervalSince(now)
                    let expires =
                        (left > 0 ? "in \(Age.describe(left))" : "\(Age.describe(-left)) ago")
                        + (item.expiryFrom == "server" ? " (server)" : " (ttl)")
                    table.add([
                        item.key, Age.describe(TimeInterval(item.ageSeconds)), ByteCount.format(item.bytes), item.expired ? "expired" : "fresh",
                        expires, item.validator ?? "—",
                    ])
                }
                context.console.print(table.render(style: context.style))
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove cached responses, kept sample answers and kept glance outputs (all, or one provider's).")
        @OptionGroup var global: LocalOptions
        @Option(help: "Only this provider: twelvedata, fruityvice, openweather, openweather-pro, yandex.")
        var provider: String?

        func validate() throws {
            if let provider, Provider(rawValue: provider) == nil {
                throw ValidationError("Unknown provider \"\(provider)\"; use one of: \(Provider.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
        }

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let only = provider.flatMap(Provider.init(rawValue:))
                let removed = context.client.answers.cache.clear(provider: only)
                let samples = context.client.samples.fixtures?.forgetKeptAnswers(provider: only) ?? 0
                // Kept outputs of an earlier version (`memo/`): nothing reads them; they go too.
                try? FileManager.default.removeItem(at: context.configuration.paths.cache.appendingPathComponent("memo"))
                let kept = samples == 0 ? "" : " and \(samples) kept sample \(samples == 1 ? "answer" : "answers")"
                try context.show(
                    json: ["removed": removed, "removedSampleAnswers": samples],
                    text: "Removed \(removed) cached \(removed == 1 ? "response" : "responses")\(kept).")
            }
        }
    }

    struct Prune: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "prune", abstract: "Remove expired and unreadable cached responses.")
        @OptionGroup var global: LocalOptions

        func run() async throws {
            try await CommandRunner.run(global) { context in
                let removed = context.client.answers.cache.prune(now: context.clock.now())
                try context.show(json: ["removed": removed], text: "Removed \(removed) expired \(removed == 1 ? "response" : "responses").")
            }
        }
    }
}

enum ByteCount {
    static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return DecimalText.fixed(Double(bytes) / 1024, 1) + " KB" }
        return DecimalText.fixed(Double(bytes) / 1024 / 1024, 1) + " MB"
    }
}
