import Foundation
import Synchronization

/// The time of a log line, `2026-11-22T08:00:00.123` (UTC, milliseconds; the handler adds the `Z`):
/// the date and time of day formatted once a second, the milliseconds added to it.
enum LogTime {
    private static let latest = Mutex((second: Int.min, text: ""))

    static func now() -> String {
        let time = Date().timeIntervalSince1970
        let second = Int(time.rounded(.down))
        let milliseconds = min(999, Int(((time - Double(second)) * 1000).rounded(.down)))
        let prefix = latest.withLock { $0.second == second ? $0.text : nil } ?? {
            var moment = time_t(second), parts = tm()
            gmtime_r(&moment, &parts)
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                              Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
            latest.withLock { $0 = (second, text) }
            return text
        }()
        let fraction = String(milliseconds)
        return prefix + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
