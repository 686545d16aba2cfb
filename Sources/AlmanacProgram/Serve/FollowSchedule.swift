import Foundation

/// When a `--follow` glance looks again (docs/status-bars.md, "Continuous mode: `--follow`"): a
/// pure state machine fed a reading of the clocks and the network each step. Every `every`
/// seconds; and after the world changed under it — a resume from suspend (over a step, the wall
/// clock ran more than 5 s past the clock that stops while suspended) or a change in the
/// network's default routes (a network come back, or another one) — at once, then every 2 s for
/// 10 s: the first look starts the refresh of what is due, and the next ones show what it
/// fetched within 10 s of the event.
package struct FollowSchedule: Equatable {
    /// One step's readings: seconds on the wall clock and on the suspending clock, and the
    /// network's default routes (`NetworkRoutes.defaults`).
    package struct Reading: Equatable, Sendable {
        package var wall, steady: Double
        package var routes: String

        package init(wall: Double, steady: Double, routes: String) { (self.wall, self.steady, self.routes) = (wall, steady, routes) }

        /// Now: the wall clock, the suspending clock since `origin`, the default routes.
        package static func now(since origin: SuspendingClock.Instant) -> Reading {
            Reading(wall: Date().timeIntervalSince1970, steady: steady(since: origin), routes: NetworkRoutes.defaults())
        }

        /// Seconds on the clock that stops while the machine is suspended, since `origin`.
        package static func steady(since origin: SuspendingClock.Instant) -> Double {
            let elapsed = SuspendingClock.now - origin
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
    }

    /// Whether the world changed between two readings: a resume (the wall clock ran more than
    /// 5 s past the suspending one) or other default routes.
    package static func changed(from last: Reading, to reading: Reading) -> Bool {
        (reading.wall - last.wall) - (reading.steady - last.steady) > 5 || reading.routes != last.routes
    }

    /// Seconds between looks when nothing happens.
    let every: Double
    /// The suspending clock's seconds at which the next look is due.
    private(set) var nextLook: Double = -.infinity
    private var last: Reading?
    private var burstEnd: Double = -.infinity

    init(every: Double) { self.every = every }

    /// Takes a step's reading; true when the glance is to be looked at now.
    mutating func tick(_ reading: Reading) -> Bool {
        if let last, Self.changed(from: last, to: reading) {
            burstEnd = reading.steady + 10
            nextLook = reading.steady
        }
        last = reading
        guard reading.steady >= nextLook else { return false }
        nextLook = reading.steady + (reading.steady < burstEnd ? min(2, every) : every)
        return true
    }

    /// How long to wait before the next step: until the next look, at most a second (a resume
    /// or a network change is noticed within one), at least 10 ms.
    func wait(at steady: Double) -> Double { max(0.01, min(1, nextLook - steady)) }
}

/// The network as a follower watches it: the interfaces that hold a default route.
package enum NetworkRoutes {
    /// The default routes' interfaces and gateways from `/proc/net/route` (Linux), one per line;
    /// empty when there is none or the table cannot be read.
    package static func defaults(table: String? = try? String(contentsOfFile: "/proc/net/route", encoding: .utf8)) -> String {
        guard let table else { return "" }
        return table.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
            guard fields.count > 2, fields[1] == "00000000" else { return nil }
            return "\(fields[0]) \(fields[2])"
        }.sorted().joined(separator: "\n")
    }
}
