import AlmanacCore
import Foundation

extension FixtureTransport {
    /// Batches (`symbol=A,B` for a provider with `batching`) with no recording of their own: the
    /// items' single recordings combined in the provider's own batch shape (`Batching.combine`).
    func batchResponse(for descriptor: RequestDescriptor, used: inout [String]) -> HTTPResponse? {
        guard let batching = descriptor.provider.batching,
            let index = descriptor.query.firstIndex(where: { $0.name == batching.queryName }),
            descriptor.query[index].value.contains(",")
        else { return nil }
        var members: [(item: String, answer: JSONValue?)] = []
        for symbol in descriptor.query[index].value.split(separator: ",").map(String.init) {
            var single = descriptor
            single.query[index].value = symbol
            let recorded = answer(to: single, used: &used).flatMap { $0.isSuccess ? JSONValue.parse($0.body) : nil }
            members.append((symbol, recorded))
        }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: batching.combine(members).encoded())
    }
}
