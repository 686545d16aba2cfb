import AlmanacCore
import AlmanacHTTP
import Foundation

/// Sees every HTTP answer the live client receives (any status, retries included), before it is
/// mapped to a result or an error. A send policy uses it to follow the provider's own count.
package protocol ResponseObserver: Sendable {
    /// Called with every answer a provider gave, before it is decoded.
    func observe(_ response: HTTPResponse, for descriptor: RequestDescriptor)
}
