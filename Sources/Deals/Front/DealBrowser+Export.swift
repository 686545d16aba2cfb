import DealTable
import Deals
import Foundation
import FrontKit
import TerminalKit

extension DealBrowser {
    /// `e`: the view shown, filtered and sorted, to a new CSV file in the export folder. The
    /// view is held as it is now (`DealSnapshot`, taken without copying a row) and written on a
    /// thread of its own: deals keep arriving and the table stays live meanwhile
    /// (docs/architecture.md §5). One export at a time.
    func export() {
        if let running = exporting {
            message = "Still exporting to \(running.url.path)."
            return
        }
        let url = DealExport.suggestedFile(in: exportFolder, at: Date())
        let snapshot = feed.store.snapshot()
        exporting = DealExport.start(snapshot, to: url) { FrameLoop.screen.wake() }
        message = "Exporting \(DealsView.grouped(snapshot.count)) rows to \(url.path)…"
    }

    /// Says how an export ended, once it has (each frame, from `pump`).
    func collectExport() {
        guard let job = exporting, let outcome = job.outcome else { return }
        exporting = nil
        switch outcome {
        case .success(let rows): message = "Exported \(DealsView.grouped(rows)) rows to \(job.url.path)."
        case .failure(let error): message = "Could not export: \(error)"
        }
    }

    /// Waits for an export still being written, so quitting never leaves one half done; what
    /// became of it (`Exported 1,000,000 rows to …`), to say once the screen is gone; nil when
    /// none was running.
    @discardableResult
    package func finishExport() -> String? {
        guard exporting != nil else { return nil }
        exporting?.wait()
        collectExport()
        return message
    }
}
