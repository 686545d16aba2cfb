import Synchronization

/// A flag raised once, from any thread, and read from any other: a transfer's cancellation
/// (curl's progress callback reads it at least once a second and aborts the transfer), a glance's
/// work that has ended (`WeatherGlances.within`).
package final class OnceFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    package init() {}

    package func raise() { raised.store(true, ordering: .releasing) }

    package var isRaised: Bool { raised.load(ordering: .acquiring) }
}
