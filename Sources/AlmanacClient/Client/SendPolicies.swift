import AlmanacHTTP
import Foundation
import Synchronization

/// The run's send policies (docs/architecture.md §4), at most one a provider, each adopted by the
/// feature that brings it the first time the run needs it (crypto's credit budget for its plan's
/// provider). The client asks a provider's policy before each send to it and shows the policy
/// every answer that provider gives; a provider with none is always sent to.
package final class SendPolicies: ResponseObserver {
    private let adopted = Mutex<[String: any SendPolicy]>([:])

    /// No policy yet.
    package init() {}

    /// The policy adopted for `provider`, made by `make` when there is none yet: one a provider a run.
    package func adopt(for provider: Provider, _ make: () -> any SendPolicy) -> any SendPolicy {
        adopted.withLock { adopted in
            if let kept = adopted[provider.rawValue] { return kept }
            let policy = make()
            adopted[provider.rawValue] = policy
            return policy
        }
    }

    /// The policy `provider`'s sends are asked of; nil: always send.
    package func policy(for provider: Provider) -> (any SendPolicy)? { adopted.withLock { $0[provider.rawValue] } }

    package func observe(_ response: HTTPResponse, for descriptor: RequestDescriptor) {
        policy(for: descriptor.provider)?.observe(response, for: descriptor)
    }
}

/// Two observers in turn.
struct ObserverChain: ResponseObserver {
    let first, then: any ResponseObserver

    func observe(_ response: HTTPResponse, for descriptor: RequestDescriptor) {
        first.observe(response, for: descriptor)
        then.observe(response, for: descriptor)
    }
}
