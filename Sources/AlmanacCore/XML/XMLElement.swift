/// An element of an XML document as the program reads one (`XMLReader`): its local name (any
/// `prefix:` dropped, so `cap:event` is `event`), its attributes, its child elements in order and
/// its text (the character data directly inside it, entities and CDATA resolved). CAP messages
/// and the Atom and RSS feeds that list them are read this way (docs/architecture.md §6).
package struct XMLElement: Sendable, Equatable {
    package var name: String
    package var attributes: [String: String]
    package var children: [XMLElement]
    package var text: String

    package init(name: String, attributes: [String: String] = [:], children: [XMLElement] = [], text: String = "") {
        (self.name, self.attributes, self.children, self.text) = (name, attributes, children, text)
    }

    /// The first child named `name`.
    package func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

    /// Every child named `name`, in order.
    package func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// The text of the first child named `name`, trimmed; nil when there is no such child.
    package func value(_ name: String) -> String? {
        child(name).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Every descendant named `name`, depth first.
    package func descendants(_ name: String) -> [XMLElement] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
    }
}
