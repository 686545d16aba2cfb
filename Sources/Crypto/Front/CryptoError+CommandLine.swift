import AlmanacProviders
import Crypto
import FrontKit

/// Crypto's errors on the command line (`CommandLineError`): `--pick` among several pairs.
extension CryptoError: CommandLineError {
    package var commandLineHint: String? {
        switch self {
        case .ambiguous: "--pick N"
        case .choiceOutOfRange(_, let count, _): "--pick 1 to \(count)"
        default: nil
        }
    }
}

/// The portfolio's errors on the command line: the flags that give a lot its cost.
extension PortfolioError: CommandLineError {
    package var commandLineHint: String? {
        switch self {
        case .costAndPrice: "--cost or --price"
        case .noPriceOn: "--cost TOTAL or --price PER-UNIT"
        default: nil
        }
    }
}

/// The credit budget's refusals on the command line: try later (exit 75), or allow the wait.
extension CreditLimitError: CommandLineError {
    package var commandLineHint: String? {
        switch self {
        case .beyondDeadline(_, let allowing, _): "--timeout \(allowing)"
        case .minute, .daily: nil
        }
    }

    package var exitStatus: Int32? { ExitStatus.temporary }
}

extension PriceSourceChoice: OptionWord { package static let flag = "--provider" }
