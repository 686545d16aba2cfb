import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

extension FrontContext {
    /// The one output rule of every data command: under `--json` the document (one JSON value
    /// on stdout), otherwise the text. Only the chosen one is built.
    package func show<T: Encodable>(json document: @autoclosure () throws -> T, text: @autoclosure () throws -> String) throws {
        if json { return try printJSON(try document()) }
        app.console.print(try text())
    }
}
