import AlmanacCore
import AlmanacHTTP
import Foundation

/// The Twelve Data credit budget, shared by every run through a locked file in the state folder
/// (`twelvedata-credits.json`).
///
/// The provider's own count is the truth: whenever a response carries `Api-Credits-Used` /
/// `Api-Credits-Left`, the minute's settled spending is replaced by what the server says. Locally
/// the budget only holds reservations for requests in flight, so runs started together never send
/// more than the plan allows. A request that got no answer costs nothing (its reservation is
/// refunded); a 429 marks the minute, or the day, as spent. The file is only a counter: when it is
/// unreadable it is rebuilt, never a crash.
package struct CreditBudget: Sendable {
    /// What the plan allows: 8 credits a minute and 800 a day by default (Twelve Data's free plan).
    package struct Plan: Sendable, Equatable, Codable {
        /// Credits allowed in any `window` of seconds.
        package var perMinute: Int
        /// Credits allowed per UTC day.
        package var perDay: Int
        /// The rolling window for `perMinute`, in seconds; 60 by default.
        package var window: TimeInterval

        /// A plan; limits below 1 become 1.
        package init(perMinute: Int = 8, perDay: Int = 800, window: TimeInterval = 60) {
            self.perMinute = max(1, perMinute)
            self.perDay = max(1, perDay)
            self.window = window
        }
    }

    /// The answer to a reservation.
    package enum Grant: Equatable, Sendable {
        /// Spent; settle or refund with this id.
        case granted(UUID)
        /// Not enough credits this minute; enough will be free at `until`.
        case wait(until: Date)
        /// The day's credits are spent; they come back at `resetsAt` (00:00 UTC).
        case dailyLimit(resetsAt: Date)
    }

    /// The reservation a request in this task spends; read by the response observer.
    @TaskLocal package static var reservation: UUID?

    /// The shared counter file, `twelvedata-credits.json` in the state folder.
    package let url: URL
    /// The limits reservations are held to.
    package let plan: Plan
    /// The time windows are measured by.
    package let clock: any Clock

    /// The budget kept in `stateFolder`, free plan by default.
    package init(stateFolder: URL, plan: Plan = Plan(), clock: any Clock = SystemClock()) {
        self.url = stateFolder.appendingPathComponent("twelvedata-credits.json")
        self.plan = plan
        self.clock = clock
    }

    /// The plan from `TWELVEDATA_CREDITS_PER_MINUTE` and `TWELVEDATA_CREDITS_PER_DAY`, as
    /// `variable` reads them (the run's environment).
    package static func plan(_ variable: (String) -> String?) -> Plan {
        Plan(perMinute: Int(variable("TWELVEDATA_CREDITS_PER_MINUTE") ?? "") ?? 8, perDay: Int(variable("TWELVEDATA_CREDITS_PER_DAY") ?? "") ?? 800)
    }

    // MARK: - Spending

    /// Reserves `credits` when they fit in this minute and today.
    package func reserve(_ credits: Int, now: Date) throws -> Grant {
        try mutate(now: now) { state in
            if state.dayBlocked || state.dayUsed + credits > plan.perDay { return .dailyLimit(resetsAt: Self.nextUTCMidnight(after: now)) }
            if let blocked = state.blockedUntil { return .wait(until: blocked) }
            let used = state.minuteUsed
            if used + min(credits, plan.perMinute) > plan.perMinute {
                return .wait(until: freeTime(state, needed: used + credits - plan.perMinute))
            }
            let id = UUID()
            state.spends.append(Spend(at: now, credits: credits, id: id, pending: true))
            state.dayUsed += credits
            return .granted(id)
        }
    }

    /// Credits that could be spent right now (0 while blocked).
    package func available(now: Date) -> Int {
        let state = (try? mutate(now: now) { $0 }) ?? State()
        if state.dayBlocked || state.blockedUntil != nil { return 0 }
        return max(0, min(plan.perMinute - state.minuteUsed, plan.perDay - state.dayUsed))
    }

    /// Gives back a reservation whose request got no answer (connection error, time-out, 5xx
    /// without credit headers, or no request at all). A settled reservation stays spent.
    package func release(_ id: UUID, now: Date) {
        _ = try? mutate(now: now) { state in
            guard let index = state.spends.firstIndex(where: { $0.id == id && $0.pending }) else { return }
            state.dayUsed = max(0, state.dayUsed - state.spends[index].credits)
            state.spends.remove(at: index)
        }
    }

    /// Takes the server's count: `left` credits remain in its minute. Settles `id` if given.
    ///
    /// Answers can arrive out of order when runs overlap, and requests can overtake each other
    /// on the way: a count lower than the last one taken within the minute is older news (the
    /// server counted this request before the other, and the higher count includes it), so it only
    /// settles its own reservation. When the server's minute freed credits meanwhile instead, the
    /// higher count is kept until its own minute ends: waiting a little too long, never a 429.
    package func record(used: Int, left: Int, settling id: UUID?, now: Date) {
        _ = try? mutate(now: now) { state in
            if let last = state.server, used < last.used, now.timeIntervalSince(last.at) < plan.window {
                state.spends.removeAll { $0.id != nil && $0.id == id }
                return
            }
            state.spends.removeAll { !$0.pending || ($0.id != nil && $0.id == id) }
            let spent = max(0, plan.perMinute - left)
            if spent > 0 { state.spends.append(Spend(at: now, credits: spent, id: nil, pending: false)) }
            state.server = ServerCount(at: now, used: used, left: left)
            if left > 0 { state.blockedUntil = nil }
        }
    }

    /// Runs `operation` spending the reservation `id` (nil: none); a request that got no answer
    /// gives it back.
    package func spending<T: Sendable>(_ id: UUID?, _ operation: () async throws -> T) async throws -> T {
        defer { if let id { release(id, now: clock.now()) } }
        return try await Self.$reservation.withValue(id) { try await operation() }
    }

    /// Marks a reservation as spent (an answer without credit headers).
    package func settle(_ id: UUID, now: Date) {
        _ = try? mutate(now: now) { state in
            if let index = state.spends.firstIndex(where: { $0.id == id }) { state.spends[index].pending = false }
        }
    }

    /// After a real 429: the minute (or the day) is spent.
    package func exhaust(day: Bool, now: Date) {
        _ = try? mutate(now: now) { state in
            if day { state.dayBlocked = true } else { state.blockedUntil = now.addingTimeInterval(plan.window) }
        }
    }

    // MARK: - Reading

    /// Credits used and left this minute and today, as far as this machine knows.
    package func usage(now: Date) -> CreditUsage {
        let state = (try? mutate(now: now) { $0 }) ?? State()
        let blocked = state.blockedUntil != nil
        let minuteUsed = blocked ? plan.perMinute : min(plan.perMinute, state.minuteUsed)
        let dayUsed = state.dayBlocked ? plan.perDay : min(plan.perDay, state.dayUsed)
        var nextFree: Date?
        if minuteUsed >= plan.perMinute { nextFree = state.blockedUntil ?? freeTime(state, needed: 1) }
        return CreditUsage(
            minuteUsed: minuteUsed, minuteLimit: plan.perMinute, dayUsed: dayUsed, dayLimit: plan.perDay,
            nextCreditAt: nextFree, dayResetsAt: Self.nextUTCMidnight(after: now),
            serverUsed: state.server?.used, serverLeft: state.server?.left, serverAt: state.server?.at)
    }

    /// Twelve Data's day ends at midnight UTC.
    package static func nextUTCMidnight(after date: Date) -> Date {
        let day = floor(date.timeIntervalSince1970 / 86400) + 1
        return Date(timeIntervalSince1970: day * 86400)
    }

    // MARK: - The file

    struct Spend: Codable, Equatable {
        var at: Date
        var credits: Int
        var id: UUID?
        /// True until the request's answer (or its refund) is known.
        var pending: Bool
    }

    struct ServerCount: Codable, Equatable {
        var at: Date
        var used, left: Int
    }

    struct State: Codable, Equatable {
        var version = 2
        var spends: [Spend] = []
        /// The UTC day `dayUsed` counts, `YYYY-MM-DD`.
        var day = ""
        var dayUsed = 0
        var dayBlocked = false
        var blockedUntil: Date?
        var server: ServerCount?

        var minuteUsed: Int { spends.reduce(0) { $0 + $1.credits } }
    }

    /// When `needed` credits of the minute's spending will have expired.
    private func freeTime(_ state: State, needed: Int) -> Date {
        var freed = 0
        for spend in state.spends.sorted(by: { $0.at < $1.at }) {
            freed += spend.credits
            if freed >= needed { return spend.at.addingTimeInterval(plan.window) }
        }
        return (state.spends.map(\.at).max() ?? clock.now()).addingTimeInterval(plan.window)
    }

    private func mutate<T>(now: Date, _ body: (inout State) throws -> T) throws -> T {
        try FileLock.withLock(url.appendingPathExtension("lock")) {
            var state = load()
            let before = state
            normalize(&state, now: now)
            let result = try body(&state)
            if state != before { try AtomicFile.write(try JSONEncoder().encode(state), to: url) }
            return result
        }
    }

    private func normalize(_ state: inout State, now: Date) {
        state.spends.removeAll { now.timeIntervalSince($0.at) >= plan.window || $0.at > now.addingTimeInterval(plan.window) }
        if let blocked = state.blockedUntil, blocked <= now || blocked > now.addingTimeInterval(plan.window) { state.blockedUntil = nil }
        let today = LocalDate.utc(now).description
        if state.day != today {
            state.day = today
            state.dayUsed = 0
            state.dayBlocked = false
        }
    }

    private func load() -> State {
        guard let data = FileBytes.read(atPath: url.path),
            let state = try? JSONTreeDecoder().decode(State.self, from: data), state.version == 2
        else { return State() }
        return state
    }
}

/// Credits used and left, for `crypto usage` and `doctor`.
package struct CreditUsage: Sendable, Codable, Equatable {
    /// Credits spent or reserved in the current window.
    package var minuteUsed: Int
    /// The plan's credits per window.
    package var minuteLimit: Int
    /// Credits spent today (UTC).
    package var dayUsed: Int
    /// The plan's credits per day.
    package var dayLimit: Int
    /// When the next credit frees up, when the minute is spent.
    package var nextCreditAt: Date?
    /// The next 00:00 UTC.
    package var dayResetsAt: Date
    /// The last count the server sent (`Api-Credits-Used` / `Api-Credits-Left`) and when.
    package var serverUsed: Int?
    /// `Api-Credits-Left` as last sent.
    package var serverLeft: Int?
    /// When the server last sent its count.
    package var serverAt: Date?

    /// Credits still free in this window (never negative).
    package var minuteLeft: Int { max(0, minuteLimit - minuteUsed) }
    /// Credits still free today (never negative).
    package var dayLeft: Int { max(0, dayLimit - dayUsed) }
}
