import Foundation

/// How much slower than a plain debug build the code under test runs: `CAIRN_TEST_TIME_SCALE`
/// (`make test-asan` sets 4 for the sanitized build), else 1. Waits that bound the server's speed
/// (starting, answering enough requests in a window, closing connections) are multiplied by it.
enum TestTiming {
    static let scale = max(1, ProcessInfo.processInfo.environment["CAIRN_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1)
}
