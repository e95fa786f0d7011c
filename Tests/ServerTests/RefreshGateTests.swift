import Synchronization
import Testing
@testable import CairnServer

/// One refresh of a dataset at a time: while one runs, a schedule tick is skipped and change
/// notices fold into exactly one more run, however many come. The runs here wait for the test to
/// let them end, so every request provably comes while one runs.
@Suite struct RefreshGateTests {
    /// Refreshes that start (their reasons, in order) and end when the test says.
    private final class Runs: Sendable {
        let started: AsyncStream<String>
        private let starts: AsyncStream<String>.Continuation
        private let releases = Mutex<[CheckedContinuation<Void, Never>]>([])

        init() {
            (started, starts) = AsyncStream.makeStream()
        }

        /// The refresh: reports its start, then waits to be let go.
        func refresh(_ reason: String) async {
            await withCheckedContinuation { continuation in
                releases.withLock { $0.append(continuation) }
                starts.yield(reason)
            }
        }

        /// Lets the running refresh end.
        func release() {
            releases.withLock { $0.removeFirst() }.resume()
        }
    }

    @Test func noticesDuringARunFoldIntoOneMoreAndTicksAreSkipped() async throws {
        let gate = RefreshGate()
        let runs = Runs()
        var started = runs.started.makeAsyncIterator()

        // A tick while a run is under way: skipped, and no run follows.
        let sighup = Task { await gate.run(reason: "SIGHUP", whenBusy: .runAfter, runs.refresh) }
        #expect(await started.next() == "SIGHUP")
        #expect(await gate.run(reason: "schedule", whenBusy: .skip, runs.refresh) == false)
        runs.release()
        #expect(await sighup.value == true)

        // Fifty notices and a tick while a run is under way: none runs now, and one run follows,
        // for the first notice (the next run asked for proves there was no third).
        let notified = Task { await gate.run(reason: "notification 0", whenBusy: .runAfter, runs.refresh) }
        #expect(await started.next() == "notification 0", "the skipped tick left a run behind")
        for index in 1...50 {
            #expect(await gate.run(reason: "notification \(index)", whenBusy: .runAfter, runs.refresh) == false)
        }
        #expect(await gate.run(reason: "schedule", whenBusy: .skip, runs.refresh) == false)
        runs.release()
        #expect(await started.next() == "notification 1", "one more run, for the first notice that came during the first")
        runs.release()
        #expect(await notified.value == true)

        let later = Task { await gate.run(reason: "file changed", whenBusy: .skip, runs.refresh) }
        #expect(await started.next() == "file changed")
        runs.release()
        #expect(await later.value == true)
    }
}
