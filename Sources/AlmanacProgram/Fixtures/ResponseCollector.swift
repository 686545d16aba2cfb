import AlmanacClient
import AlmanacHTTP
import FrontKit
import Synchronization

/// Keeps every successful answer the live client receives, for `fixtures record`.
final class ResponseCollector: ResponseObserver, Sendable {
    private let kept = Mutex<[(RequestDescriptor, HTTPResponse)]>([])
    private let next: (any ResponseObserver)?

    /// - Parameter next: an observer that sees every answer too (the credit budget).
    init(next: (any ResponseObserver)?) {
        self.next = next
    }

    func observe(_ response: HTTPResponse, for descriptor: RequestDescriptor) {
        next?.observe(response, for: descriptor)
        guard response.isSuccess else { return }
        kept.withLock { $0.append((descriptor, response)) }
    }

    var exchanges: [(RequestDescriptor, HTTPResponse)] { kept.withLock { $0 } }
}
