import Foundation
import Testing
import TestTier

/// The `.process` trait runs its tests on the process tier's own threads, so that a test blocking
/// on a child process never holds a thread of Swift's cooperative pool.
@Suite(.process) struct ProcessTierTests {
    @Test func aSynchronousTestRunsOnTheTiersThreads() {
        let name = currentThreadName()
        #expect(name?.hasPrefix("process-tier-") == true, "ran on \(name ?? "an unnamed thread")")
    }

    @Test func theChildTasksOfATestRunThereToo() async {
        let name = await withTaskGroup(of: String?.self) { group in
            group.addTask { currentThreadName() }
            return await group.next() ?? nil
        }
        #expect(name?.hasPrefix("process-tier-") == true, "ran on \(name ?? "an unnamed thread")")
    }
}

/// A test without the trait runs on Swift's cooperative pool, not on the process tier's threads.
@Suite struct InProcessTierTests {
    @Test func aTestWithoutTheTraitRunsOnTheCooperativePool() {
        #expect(currentThreadName()?.hasPrefix("process-tier-") != true)
    }
}

/// The name of the thread the caller runs on.
private func currentThreadName() -> String? {
    Thread.current.name
}
