import Foundation

/// Twelve Data's free plan allows 8 credits a minute. The budget is shared by every run
/// through a small locked file in the state folder (`twelvedata-credits.json`).
public struct CreditBudget: Sendable {
    /// Credits per window; 8 by default.
    public var limit: Int
    /// Window length in seconds; 60 by default.
    public var window: TimeInterval
    public let url: URL

    public init(stateFolder: URL, limit: Int = 8, window: TimeInterval = 60) {
        self.url = stateFolder.appendingPathComponent("twelvedata-credits.json")
        self.limit = limit
        self.window = window
    }

    /// Spends `credits` when they fit in the window. Returns nil on success, else the time when
    /// enough credits will be free again.
    public func reserve(_ credits: Int, now: Date) throws -> Date? {
        try FileLock.withLock(url.appendingPathExtension("lock")) {
            var spent = load().filter { now.timeIntervalSince($0) < window }
            if spent.count + credits > limit {
                let sorted = spent.sorted()
                let needed = spent.count + credits - limit
                return sorted[min(needed, sorted.count) - 1].addingTimeInterval(window)
            }
            spent += Array(repeating: now, count: credits)
            try save(spent)
            return nil
        }
    }

    /// Marks the whole window as used (after a 429 from the provider).
    public func exhaust(now: Date) throws {
        try FileLock.withLock(url.appendingPathExtension("lock")) {
            try save(Array(repeating: now, count: limit))
        }
    }

    private func load() -> [Date] {
        guard let data = FileManager.default.contents(atPath: url.path),
            let stamps = try? JSONDecoder().decode([Double].self, from: data)
        else { return [] }
        return stamps.map(Date.init(timeIntervalSince1970:))
    }

    private func save(_ stamps: [Date]) throws {
        try AtomicFile.write(try JSONEncoder().encode(stamps.map(\.timeIntervalSince1970)), to: url)
    }
}
