import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What an exam request cannot do, as values; `description` is plain words (see `WeatherError`).
public enum ExamError: UserInputError, Equatable {
    /// A new pending exam dated in the past (`when` as the person typed it, normalised).
    case pastDate(String)

    public var description: String {
        switch self {
        case .pastDate(let when): "\(when) is in the past; a new pending exam needs a future date (or file it as passed)."
        }
    }
}
