import Foundation

enum CryptoBench {
    static func run(_ options: BenchOptions) async throws {}
}
