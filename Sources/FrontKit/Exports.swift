// A front stands on FrontKit and what FrontKit stands on (docs/architecture.md §1): importing
// FrontKit brings the shared parts every front uses, so a front's file imports FrontKit and its
// own feature's service, nothing more.
@_exported import AlmanacClient
@_exported import AlmanacCore
@_exported import AlmanacHTTP
@_exported import AlmanacProviders
@_exported import ArgumentParser
@_exported import Foundation
@_exported import TerminalKit
