import Foundation
import Parallel

/// The batch commands' items (`--jobs N`), run with ``ParallelRuns/map(_:threads:_:)``: errors
/// thrown by an item are collected and do not stop the other items, except an output that cannot
/// be written (an I/O ``CLIError``: the disk is full): then no further item is started, the
/// running ones finish, and ``Outcome/writeFailure`` holds the first such error.
enum ParallelWork {
    /// What a run ended with.
    struct Outcome {
        /// Items that failed otherwise (bad input), by index.
        var failures: [(index: Int, error: any Error)]
        /// The first failure to write, which stopped the run.
        var writeFailure: CLIError?
    }

    /// Runs `body` for every index in `0..<count` on `jobs` threads, each taking the next index left.
    static func run(count: Int, jobs: Int, _ body: @Sendable (Int) throws -> Void) -> Outcome {
        let failures = Failures()
        _ = ParallelRuns.map(count, threads: jobs) { index in
            guard !failures.stopped else { return }
            do { try body(index) } catch { failures.add(index, error) }
        }
        return failures.outcome
    }

    /// The number of cores, the default for `--jobs`.
    static var cores: Int { ParallelRuns.cores }

    private final class Failures: @unchecked Sendable {
        private var items: [(Int, Error)] = []
        private var writeFailure: CLIError?
        private let lock = NSLock()

        func add(_ index: Int, _ error: Error) {
            lock.lock(); defer { lock.unlock() }
            guard let failure = error as? CLIError, failure.kind == .io else { return items.append((index, error)) }
            writeFailure = writeFailure ?? failure
        }

        var stopped: Bool { lock.lock(); defer { lock.unlock() }; return writeFailure != nil }

        var outcome: Outcome {
            lock.lock(); defer { lock.unlock() }
            return Outcome(failures: items.sorted { $0.0 < $1.0 }.map { (index: $0.0, error: $0.1) }, writeFailure: writeFailure)
        }
    }
}
