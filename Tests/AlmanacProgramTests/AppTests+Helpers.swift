import AlmanacClient
import AlmanacProviders
import Foundation
import XCTest

@testable import FrontKit
@testable import Weather

/// Saves a city through the service, as `almanac weather add` would.
enum WeatherServiceAdd {
    static func add(_ name: String, _ context: FrontContext) throws -> City {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Task.detached {
            box.set(await Result(catching: { try await WeatherService(context: context.app).addCity(name, pick: 1, chooser: nil).city }))
            done.signal()
        }
        done.wait()
        return try box.get()
    }

    final class ResultBox: @unchecked Sendable {
        private var result: Result<City, any Error> = .failure(CancellationError())
        func set(_ value: Result<City, any Error>) { result = value }
        func get() throws -> City { try result.get() }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
