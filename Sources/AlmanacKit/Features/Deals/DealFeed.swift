import Foundation

/// A source, its inbox and the store, pumped once per frame by the store's owner.
public final class DealFeed {
    /// Most deals merged in one frame, so a frame stays short however fast deals arrive (the
    /// rest wait in the inbox, which holds the source back when full).
    public static let frameLimit = 4_096

    public let store: DealStore
    public let source: DealSource
    private let inbox = DealInbox()
    /// Deals merged by the last `pump()`.
    public private(set) var lastMerged = 0

    public init(source: DealSource, column: DealColumn = .date, descending: Bool = true) {
        self.source = source
        self.store = DealStore(column: column, descending: descending)
        if let expected = source.expected { store.reserveCapacity(expected + 65_536) }
    }

    deinit { inbox.close() }

    /// Times the source had to wait for the merges (back-pressure; no deal is dropped).
    public var producerStalls: Int { inbox.producerStalls }

    public func start(transport: CurlTransport = CurlTransport(), options: TransportOptions = .init()) {
        source.start(into: inbox, transport: transport, options: options)
    }

    /// Merges what has arrived (at most `frameLimit` deals); returns how many.
    @discardableResult
    public func pump(limit: Int = DealFeed.frameLimit) -> Int {
        let batches = inbox.take(limit: limit)
        store.append(batches: batches)
        lastMerged = batches.reduce(0) { $0 + $1.count }
        return lastMerged
    }

    /// Deals received so far (merged or waiting).
    public var received: Int { inbox.status.received }
    /// Lines of a JSON-lines source that could not be read.
    public var skipped: Int { inbox.status.skipped }
    public var failure: String? { inbox.failure }
    /// The source has ended and every deal is merged.
    public var isComplete: Bool { inbox.status.finished && store.count == inbox.status.received }
}
