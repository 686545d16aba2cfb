import AlmanacProviders
import FrontKit
import Fruit

/// The fruit log's errors on the command line: the flag for the day eaten, the command that
/// lists the log.
extension FruitError: CommandLineError {
    package var commandLineHint: String? {
        switch self {
        case .eatenInFuture: "--date"
        case .noLogEntry(_, logIsEmpty: false): "almanac fruit log --from YYYY-MM-DD"
        default: nil
        }
    }
}

/// `fruit list --sort`: by id or name, or grouped by a taxon.
package enum FruitSort: String, OptionWord {
    case id, name, family, genus, order
    package static let flag = "--sort"
}
