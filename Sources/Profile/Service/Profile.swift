import AlmanacClient
import AlmanacCore
import Foundation

/// The user's profile (`profile.json`).
package struct Profile: StoredDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "profile.json"
    package static func initial() -> Profile { Profile(username: nil) }

    /// Nil until the user sets one; the login name (or `guest`) is shown meanwhile.
    package var username: String?
}

/// Shows and changes the username.
package struct ProfileService: Sendable {
    /// The profile document.
    package let store: DocumentStore<Profile>
    /// The login name offered until the user sets one (`USER`, else `LOGNAME`).
    package let loginName: String?

    /// The service over a store and the login name.
    package init(store: DocumentStore<Profile>, loginName: String?) {
        (self.store, self.loginName) = (store, loginName)
    }

    /// Wired from the run's context: the profile in the data folder, the login name of its environment.
    package init(context: AppContext) {
        let environment = context.configuration.environment
        self.init(store: context.store(Profile.self), loginName: environment["USER"] ?? environment["LOGNAME"])
    }

    /// The saved username, else the login name when it is valid, else `guest`.
    package func username() throws -> String {
        if let saved = try store.read().username { return saved }
        if let login = loginName, Self.validate(login) == nil { return login }
        return "guest"
    }

    /// Saves `name`; `ProfileError` when it is not a valid username.
    @discardableResult
    package func setUsername(_ name: String) throws -> String {
        if let problem = Self.problem(name) { throw problem }
        try store.update { $0.username = name }
        return name
    }

    /// Nil when valid; else the rule, as one sentence (a form field's check).
    package static func validate(_ name: String) -> String? { problem(name)?.description }

    /// Nil when valid; else the error.
    package static func problem(_ name: String) -> ProfileError? {
        guard (3...32).contains(name.count), let first = name.first, first.isASCII, first.isLetter else { return .invalidUsername }
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }
        return allowed ? nil : .invalidUsername
    }
}

/// What a profile change cannot do; `description` is plain words.
package enum ProfileError: UserInputError, Equatable {
    /// Not 3 to 32 letters, digits, `.`, `_` or `-` starting with a letter.
    case invalidUsername

    package var description: String {
        switch self {
        case .invalidUsername: "A username is 3 to 32 characters: letters, digits, '.', '_' or '-', starting with a letter."
        }
    }
}
