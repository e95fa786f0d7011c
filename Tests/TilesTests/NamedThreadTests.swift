import Foundation
import Testing
import Tiles

/// Threads Cairn starts carry their names where the system shows them (`/proc/PID/task/*/comm`,
/// what `top -H`, `ps -L` and perf read), not the name of the thread that started them.
@Suite struct NamedThreadTests {
    /// The names of this process's threads now.
    static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .newlines) }
    }

    @Test func aStartedThreadShowsItsNameCutTo15Bytes() throws {
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        NamedThread.start("cairn-test-one") { started.signal(); release.wait() }
        NamedThread.start("cairn-a-name-longer-than-fifteen") { started.signal(); release.wait() }
        started.wait()
        started.wait()
        let names = Self.threadNames()
        release.signal()
        release.signal()
        #expect(names.contains("cairn-test-one"), "\(names)")
        #expect(names.contains("cairn-a-name-lo"), "\(names)")
        #expect("cairn-a-name-lo".utf8.count == NamedThread.maximumLength)
    }

    @Test func workerPoolThreadsAreNamed() async throws {
        let pool = WorkerPool(threads: 2)
        defer { pool.shutdown() }
        // Each item waits for the other to start: both threads run one, so both have started (and
        // named themselves).
        let started = NSCondition()
        nonisolated(unsafe) var count = 0
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    _ = try await pool.run {
                        started.lock()
                        count += 1
                        started.broadcast()
                        while count < 2 { started.wait() }
                        started.unlock()
                    }
                }
            }
            try await group.waitForAll()
        }
        let names = Self.threadNames()
        #expect(names.contains("cairn-worker-0"), "\(names)")
        #expect(names.contains("cairn-worker-1"), "\(names)")
    }
}
