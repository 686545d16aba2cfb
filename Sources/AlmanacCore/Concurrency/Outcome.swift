/// What `work` came to: its value, or the error it threw — for parts of a view run at once
/// (`async let`) whose failures are each said apart, none failing the others.
package func outcome<T>(of work: () async throws -> T) async -> (value: T?, failure: (any Error)?) {
    do { return (try await work(), nil) } catch { return (nil, error) }
}
