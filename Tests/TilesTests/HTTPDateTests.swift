import Foundation
import Testing
import SeededRandom
import Tiles

/// `HTTPDate.format` builds IMF-fixdate from `gmtime_r`'s fields; a `DateFormatter` with the
/// same pattern is the reference, over leap days, century years, the ends of the range and a
/// spread of seconds from 1970 to 9999.
@Suite struct HTTPDateTests {
    static let reference: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()

    @Test func formatsAsTheDateFormatterDoes() {
        var seconds: [Double] = [0, 59, 86_399, 86_400, 951_782_400, 951_868_799, 951_868_800, 4_107_542_400,
                                 4_107_628_799, 4_107_628_800, 253_402_300_799, 1_764_000_000.75, 784_111_777]
        var generator = SplitMix64(seed: 42)
        for _ in 0..<5000 { seconds.append(Double(generator.next() % 253_402_300_800)) }
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            #expect(HTTPDate.format(date) == Self.reference.string(from: date), "\(second)")
        }
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func datesOutsideTheFastRangeAreStillFormatted() {
        for second in [-1.0, -86_400 * 365.25 * 100, 253_402_300_800, 1e30] {
            let date = Date(timeIntervalSince1970: second)
            #expect(HTTPDate.format(date) == Self.reference.string(from: date), "\(second)")
        }
    }

    /// RFC 9110 §5.6.7's example, the same instant in its three forms: a sender writes only the
    /// first; a recipient reads all three.
    @Test func theRFCsExampleInEveryForm() {
        let instant = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(instant) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == instant)  // IMF-fixdate
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == instant)  // obsolete RFC 850
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == instant)  // ANSI C's asctime()
        #expect(HTTPDate.parse("  Sun, 06 Nov 1994 08:49:37 GMT ") == instant)
    }

    @Test func textThatIsNoHTTPDateIsNil() {
        for text in ["", "yesterday", "1994-11-06T08:49:37Z", "784111777", "Sun, 06 Nov 1994", "Sun, 32 Nov 1994 08:49:37 GMT"] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }

    @Test func formattedDatesParseBack() {
        let date = Date(timeIntervalSince1970: 1_764_000_000)
        #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
    }
}
