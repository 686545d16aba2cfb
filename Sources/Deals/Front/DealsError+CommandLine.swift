import DealTable
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

extension Deal.Side: OptionWord {
    package static let flag = "--side"
    package static let anyCase = true
}

extension DealColumn: OptionWord { package static let flag = "--sort" }

extension DealExport.Format: OptionWord {
    package static let flag = "--format"
    package static let anyCase = true
}

extension DealGroups.Key: OptionWord {
    package static let flag = "--by"
    package static let anyCase = true
}

extension DealSummaryView.GroupOrder: OptionWord {
    package static let flag = "--order"
    package static let anyCase = true
}
