import AlmanacCore
import Foundation

extension CAP {
    /// The message of a CAP 1.2 XML document (any namespace prefix); nil when the document is not
    /// one: unreadable XML (`XMLReader`), no `alert` root or no `identifier`.
    package static func alert(_ data: Data) -> Alert? {
        guard let root = XMLReader.document(data), root.name == "alert", let identifier = root.value("identifier"), !identifier.isEmpty
        else { return nil }
        var alert = Alert(identifier: identifier)
        (alert.sender, alert.sent, alert.status) = (root.value("sender"), root.value("sent"), root.value("status"))
        (alert.msgType, alert.references) = (root.value("msgType"), root.value("references"))
        alert.info = root.children("info").map(info)
        return alert
    }

    /// One `info` block: the elements the rules and views read.
    static func info(_ element: XMLElement) -> Info {
        var info = Info()
        (info.language, info.event, info.headline) = (element.value("language"), element.value("event"), element.value("headline"))
        (info.description, info.instruction) = (element.value("description"), element.value("instruction"))
        (info.senderName, info.severity, info.urgency) = (element.value("senderName"), element.value("severity"), element.value("urgency"))
        (info.certainty, info.effective, info.onset) = (element.value("certainty"), element.value("effective"), element.value("onset"))
        info.expires = element.value("expires")
        info.responseType = element.children("responseType").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        info.parameter = element.children("parameter").map(pair)
        info.area = element.children("area").map { area in
            Area(areaDesc: area.value("areaDesc"), polygon: area.children("polygon").map(\.text), geocode: area.children("geocode").map(pair))
        }
        return info
    }

    /// A `valueName`/`value` pair (`parameter`, `geocode`).
    static func pair(_ element: XMLElement) -> Pair { Pair(valueName: element.value("valueName"), value: element.value("value")) }
}
