import Deals
import Foundation
import FrontKit

/// The deals feature's errors on the command line: a source that cannot be read is no input (66);
/// every other is the source being unavailable (69).
extension DealsError: CommandLineError {
    package var exitStatus: Int32? {
        if case .noInput = self { return ExitStatus.noInput }
        return ExitStatus.unavailable
    }
}
