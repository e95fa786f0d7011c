import Foundation

/// Runs `body` for every index in `0..<count` on `jobs` threads, handing out indices one at a time.
/// Errors thrown by `body` are collected and do not stop the other items.
enum ParallelWork {
    static func run(count: Int, jobs: Int, _ body: @Sendable (Int) throws -> Void) -> [(index: Int, error: Error)] {
        let next = Counter()
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while true {
                let index = next.take()
                if index >= count { return }
                do { try body(index) } catch { failures.add(index, error) }
            }
        }
        return failures.sorted
    }

    /// The number of cores, the default for `--jobs`.
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func take() -> Int {
            lock.lock(); defer { lock.unlock() }
            value += 1
            return value - 1
        }
    }

    private final class Failures: @unchecked Sendable {
        private var items: [(Int, Error)] = []
        private let lock = NSLock()
        func add(_ index: Int, _ error: Error) { lock.lock(); items.append((index, error)); lock.unlock() }
        var sorted: [(index: Int, error: Error)] { items.sorted { $0.0 < $1.0 }.map { (index: $0.0, error: $0.1) } }
    }
}
