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
