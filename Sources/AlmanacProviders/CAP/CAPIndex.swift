import AlmanacCore
import Foundation

/// The feed a CAP service lists its messages in: RSS 2.0 (`channel/item/link`) or Atom
/// (`feed/entry/link`, the CAP link when there are several). Each item is a link to one CAP
/// document, newest first as the feed gives them.
package enum CAPIndex {
    /// The most messages a feed's run reads: a national feed holds tens; a feed that lists more
    /// is read to its newest `limit`.
    package static let limit = 60

    /// The links of `data`'s items, at most `limit`; nil when it is neither kind of feed.
    package static func links(_ data: Data) -> [String]? {
        guard let root = XMLReader.document(data) else { return nil }
        switch root.name {
        case "rss":
            let items = root.child("channel")?.children("item") ?? []
            return Array(items.compactMap { $0.value("link") }.filter { !$0.isEmpty }.prefix(limit))
        case "feed":
            return Array(root.children("entry").compactMap(link).prefix(limit))
        default:
            return nil
        }
    }

    /// An Atom entry's CAP link: the one typed `application/cap+xml`, else its alternate, else
    /// its first.
    static func link(_ entry: XMLElement) -> String? {
        let links = entry.children("link")
        let chosen =
            links.first { ($0.attributes["type"] ?? "").contains("cap") }
            ?? links.first { ($0.attributes["rel"] ?? "alternate") == "alternate" } ?? links.first
        return chosen?.attributes["href"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
