import AlmanacCore
import AlmanacHTTP
import Foundation

/// A provider's own "not before" (a 429's `Retry-After`), kept in the state folder
/// (`pauses.json`) so no run sends to it before that time. Only a convenience: an unreadable
/// file means no pause.
package struct ProviderPause {
    private let pauses: StateMap<Double>

    package init(stateFolder: URL) {
        pauses = StateMap(stateFolder: stateFolder, name: "pauses.json")
    }

    /// When the provider may be asked again, if that is after `now`.
    package func until(_ provider: Provider, now: Date) -> Date? {
        guard let seconds = pauses.read()[provider.rawValue] else { return nil }
        let date = Date(timeIntervalSince1970: seconds)
        return date > now ? date : nil
    }

    /// Remembers that `provider` asked not to be sent anything before `date`.
    package func pause(_ provider: Provider, until date: Date) {
        pauses.update { $0[provider.rawValue] = date.timeIntervalSince1970 }
    }
}
