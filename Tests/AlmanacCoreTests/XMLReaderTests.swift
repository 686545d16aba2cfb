import AlmanacCore
import Foundation
import XCTest

/// The XML reader on what warning services send, and on what it refuses whole.
final class XMLReaderTests: XCTestCase {
    private func read(_ text: String) -> XMLElement? { XMLReader.document(Data(text.utf8)) }

    func testElementsTextAndAttributesWithPrefixesDropped() throws {
        let root = try XCTUnwrap(
            read(
                """
                \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
                <?xml-stylesheet type="text/xsl" href="style.xsl" ?>
                <!-- a comment -->
                <cap:alert xmlns:cap="urn:oasis:names:tc:emergency:cap:1.2">
                  <cap:identifier>id&amp;1</cap:identifier>
                  <cap:info><cap:event>Wind &lt;gale&gt; &#8211; &#x2019;s</cap:event><cap:area/></cap:info>
                  <cap:description><![CDATA[Raw <b>text</b> & more]]></cap:description>
                  <link href='https://example.org/a?x=1&amp;y=2' type="application/cap+xml"/>
                </cap:alert>
                """))
        XCTAssertEqual(root.name, "alert")
        XCTAssertEqual(root.value("identifier"), "id&1")
        XCTAssertEqual(root.child("info")?.value("event"), "Wind <gale> – ’s")
        XCTAssertEqual(root.child("info")?.children("area").count, 1)
        XCTAssertEqual(root.value("description"), "Raw <b>text</b> & more")
        XCTAssertEqual(root.child("link")?.attributes["href"], "https://example.org/a?x=1&y=2")
        XCTAssertEqual(root.descendants("event").count, 1)
    }

    func testWhatIsNotAWellFormedDocumentIsRefusedWhole() {
        let refused = [
            "", "text", "<a>", "<a></b>", "<a><b></a></b>", "<a>&unknown;</a>", "<a>&#0;</a>", "<a x=1></a>", "<a x='1' x='2'></a>",
            "<a></a><b></b>", "<a></a>trailing", "<!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>", "<a><![CDATA[open</a>", "<a><!-- open</a>",
            "< a></a>", "<a>1 < 2</a>",
        ]
        for text in refused { XCTAssertNil(read(text), text) }
        XCTAssertNil(read(String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)), "deeper than 256")
        XCTAssertNotNil(read(String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)))
    }
}
