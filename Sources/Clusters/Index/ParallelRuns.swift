import Dispatch

/// Runs independent parts of an index build at once. Every part writes only its own slot or its
/// own range of a shared buffer, so the result is the one a single thread gets.
enum ParallelRuns {
    /// Calls `body` for every index in `0..<count`, on as many threads as there are parts; the
    /// results in index order.
    static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize().deallocate() }
        nonisolated(unsafe) let shared = slots
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: count) { index in shared[index] = body(index) }
        }
        return slots.map { $0! }
    }

    /// The share of part `part` of `parts` in `0..<count`: the parts cover it in order, their
    /// sizes within one of each other.
    @inline(__always)
    static func share(_ part: Int, of parts: Int, in count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }
}
