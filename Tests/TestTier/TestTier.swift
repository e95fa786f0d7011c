import Foundation
import Testing

/// The two tiers of the Swift tests.
///
/// `make check` runs the fast tier with `CAIRN_TEST_TIER=check`: unit tests and in-process router
/// tests (HummingbirdTesting's `.router`), no process, no socket, no sleep. `make test` runs every
/// test. A suite whose tests start a process (`cairn`, `cairn serve`, PostgreSQL, Python, `tar`) or
/// listen on a socket (``TestUpstream``) carries the ``Testing/Trait/process`` trait, so that
/// `make check` leaves it out; every helper that starts one calls ``requireProcesses(_:)``, so a suite
/// that forgets the trait fails `make check` by name instead of slowing it down.
public enum TestTier {
    /// Whether this run is `make check`'s fast tier.
    public static let isCheck = ProcessInfo.processInfo.environment["CAIRN_TEST_TIER"] == "check"

    /// Throws under `make check`: `what` (a process, a server) has no place in the fast tier.
    public static func requireProcesses(_ what: String) throws {
        guard isCheck else { return }
        throw ProcessInFastTier(what: what)
    }

    /// Notes a process a test started, by its id, in the file `CAIRN_TEST_PIDS` names (when it names
    /// one): `scripts/test-swift.sh` stops those still running once the run is over, so that a test
    /// runner that dies leaves none of its servers behind.
    public static func started(_ process: Process) {
        guard let path = ProcessInfo.processInfo.environment["CAIRN_TEST_PIDS"] else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let line = Array("\(process.processIdentifier)\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// A test of the fast tier started a process or a server.
    public struct ProcessInFastTier: Error, CustomStringConvertible {
        let what: String

        public var description: String {
            "\(what) started under make check: give the suite the .process trait (make test runs it), or test in process"
        }
    }
}

/// The trait of tests that start processes or servers (``Testing/Trait/process``): left out of
/// `make check`, and run on ``ProcessTierThreads`` under `make test`, so that their waits for those
/// processes never hold a thread of Swift's cooperative pool.
public struct ProcessTier: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Skips the test under `make check`.
    public func prepare(for test: Test) async throws {
        try await ConditionTrait.disabled(if: TestTier.isCheck, "starts a process or a server: make test runs it")
            .prepare(for: test)
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(ProcessTierThreads.shared, operation: function)
    }
}

extension Trait where Self == ProcessTier {
    /// The suite starts processes or servers: `make test` runs it on threads of its own
    /// (``ProcessTierThreads``), `make check` leaves it out.
    public static var process: Self { ProcessTier() }
}
