import CoreMetrics
import Dispatch

/// The request counter and duration timer of one route and status (`cairn_http_requests_total`,
/// `cairn_http_request_duration_seconds`), resolved once: what ``RequestRecord`` counts a request with.
struct RequestMeter: Sendable {
    /// The route's template, as the metrics and the log name it.
    let route: String
    let status: Int
    let counter: CoreMetrics.Counter
    let timer: CoreMetrics.Timer

    /// Counts one request that started at `start` and is answered now; returns how long it took, in nanoseconds.
    @discardableResult
    func record(since start: DispatchTime) -> UInt64 {
        let nanoseconds = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
        counter.increment()
        timer.recordNanoseconds(Int64(nanoseconds))
        return nanoseconds
    }
}
