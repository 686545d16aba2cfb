import AlmanacServer
import Foundation

// The resident server's entry and nothing else: `almanac serve` becomes this program
// (docs/architecture.md §10); the server lives in AlmanacServer.
exit(await ServerMain.run())
