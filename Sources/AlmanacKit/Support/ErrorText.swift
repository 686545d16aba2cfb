import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One-line text for any error the program can show a user.
public enum ErrorText {
    public static func describe(_ error: any Error) -> String {
        if let error = error as? DecodingError { return JSONDecoding.describe(error) }
        if error is CocoaError { return error.localizedDescription }
        let text = String(describing: error)
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }
}
