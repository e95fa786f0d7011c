/// The time allowed for a piece of work ran out first.
struct DeadlineExceeded: Error {}

/// Runs `work` and returns its result, or cancels it and throws ``DeadlineExceeded`` when `timeout`
/// passes first. `work` must end soon after it is cancelled: the call waits for it.
func withDeadline<Result: Sendable>(
    _ timeout: Duration, _ work: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else { throw DeadlineExceeded() }
        return result
    }
}
