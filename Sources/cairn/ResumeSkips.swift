import Foundation
import Synchronization

/// `--resume` for the batch commands that write one file per item (`badges`, `cards`): an item
/// whose file exists is done (every file is written whole, through a temporary and a rename, so
/// a file that exists is complete) and is skipped; the skips are counted for the summary.
final class ResumeSkips: Sendable {
    let enabled: Bool
    private let skipped = Atomic(0)

    init(enabled: Bool) { self.enabled = enabled }

    /// True when resuming and `path` is already there (then it counts as skipped).
    func skip(_ path: String) -> Bool {
        guard enabled, FileManager.default.fileExists(atPath: path) else { return false }
        skipped.add(1, ordering: .relaxed)
        return true
    }

    /// Items skipped so far.
    var count: Int { skipped.load(ordering: .relaxed) }

    /// The summary's ending: `; N already there` when any were skipped, else nothing.
    var summary: String { count == 0 ? "" : "; \(count) already there" }
}
