import Foundation
import Synchronization
@testable import CairnServer

/// A ``WallClock`` that stands still until the test moves it forward: a tile goes stale when the
/// test says so, without the test waiting for it.
final class TestClock: WallClock {
    private let seconds: Mutex<Double>

    /// Starts at the system's time of day (upstreams' `Date` and `Expires` headers are real times).
    init(_ start: Double = Date().timeIntervalSince1970) {
        seconds = Mutex(start)
    }

    func now() -> Double { seconds.withLock { $0 } }

    func advance(by interval: Double) { seconds.withLock { $0 += interval } }
}
