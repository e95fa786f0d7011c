import Foundation
import Synchronization

/// The time of a log line, `2026-11-22T08:00:00.123` (UTC, milliseconds; the line adds the `Z`):
/// the date and time of day rendered once a second, the milliseconds added to it.
enum LogTime {
    private static let latest = Mutex((second: Int.min, text: [UInt8]()))

    /// Appends the time now to `bytes`.
    static func append(to bytes: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = now.tv_sec
        let prefix = latest.withLock { $0.second == second ? $0.text : nil } ?? {
            var moment = time_t(second), parts = tm()
            gmtime_r(&moment, &parts)
            let text = Array(String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                                    Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)).utf8)
            latest.withLock { $0 = (second, text) }
            return text
        }()
        bytes.append(contentsOf: prefix)
        bytes.append(UInt8(ascii: "."))
        let milliseconds = min(999, now.tv_nsec / 1_000_000)
        for digit in [milliseconds / 100, milliseconds / 10 % 10, milliseconds % 10] { bytes.append(UInt8(ascii: "0") + UInt8(digit)) }
    }

    /// The time now, as text.
    static func now() -> String {
        var bytes = [UInt8]()
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
