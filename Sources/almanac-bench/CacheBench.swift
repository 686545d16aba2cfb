import Foundation

enum CacheBench {
    static func run(_ options: BenchOptions) async throws {}
}
