import Foundation
import Testing
import Tiles
@testable import CairnServer

/// Work that would hold a thread runs on one of its own, never on Swift's cooperative pool (which
/// answers the requests): a blocking body, and an asynchronous one across its suspensions.
@Suite struct OffloadTests {
    /// The name the calling thread goes by (`/proc/thread-self/comm`).
    private static func threadName() -> String {
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? ""
    }

    @Test func aBlockingBodyRunsOnAThreadOfItsOwn() async {
        #expect(await Offload.run { () -> String in Self.threadName() } == "cairn-offload")
    }

    @Test func anAsynchronousBodyRunsThereAcrossItsSuspensions() async throws {
        let names = try await Offload.run { () async throws -> [String] in
            var names = [Self.threadName()]
            await Task.yield()
            names.append(Self.threadName())
            // Resumed from another thread, as a database connection's event loop resumes a read.
            await withCheckedContinuation { continuation in NamedThread.start("test-resumer") { continuation.resume() } }
            names.append(Self.threadName())
            // Its child tasks too.
            async let child = Self.threadName()
            names.append(await child)
            return names
        }
        #expect(names == Array(repeating: "cairn-offload", count: 4))
    }

    @Test func anAsynchronousBodysErrorReachesTheCaller() async {
        struct Refused: Error, Equatable {}
        await #expect(throws: Refused()) {
            try await Offload.run { () async throws(Refused) -> Int in throw Refused() }
        }
    }
}
