import Exams
import Foundation
import FrontKit

/// The exam planner's errors on the command line: `--passed` records an exam already sat.
extension ExamError: CommandLineError {
    package var commandLineHint: String? {
        if case .pastDate = self { return "--passed" }
        return nil
    }
}
