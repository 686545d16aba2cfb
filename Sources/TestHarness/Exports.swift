// A test stands on TestHarness and the shared parts beneath every module: importing
// TestHarness brings them, so a test file imports it and the module it tests.
@_exported import AlmanacClient
@_exported import AlmanacCore
@_exported import AlmanacHTTP
@_exported import AlmanacProviders
@_exported import AlmanacTestSupport
@_exported import Foundation
@_exported import XCTest
