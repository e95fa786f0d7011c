import Markers
import Testing

@Suite struct LabelTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1k"), (1234, "1.2k"), (1250, "1.3k"), (9949, "9.9k"),
        (9960, "10k"), (15_000, "15k"), (999_000, "999k"), (999_499, "999k"), (999_999, "1M"),
        (1_500_000, "1.5M"), (2_300_000_000, "2.3B"), (-1234, "-1.2k"),
    ])
    func abbreviates(count: Int, expected: String) {
        #expect(LabelMode.abbreviate(count) == expected)
    }

    @Test func googleBucketsFollowAndroidMapsUtils() {
        let style = BadgeStyle.google
        #expect(style.bucket(for: 7) == Bucket(count: 7, thresholds: style.thresholds))
        #expect(LabelMode.bucket.label(count: 7, bucket: style.bucket(for: 7)) == "7")
        #expect(LabelMode.bucket.label(count: 10, bucket: style.bucket(for: 10)) == "10+")
        #expect(LabelMode.bucket.label(count: 19, bucket: style.bucket(for: 19)) == "10+")
        #expect(LabelMode.bucket.label(count: 20, bucket: style.bucket(for: 20)) == "20+")
        #expect(LabelMode.bucket.label(count: 999, bucket: style.bucket(for: 999)) == "500+")
        #expect(LabelMode.bucket.label(count: 123_456, bucket: style.bucket(for: 123_456)) == "1000+")
        #expect(LabelMode.exact.label(count: 1234, bucket: style.bucket(for: 1234)) == "1234")
        #expect(style.bucket(for: 7).value == 7)
        #expect(style.bucket(for: 250).value == 200)
    }

    @Test func countListParsesRangesInOrderWithoutDuplicates() throws {
        #expect(try CountList(parsing: "1-5,200,3,500").counts == [1, 2, 3, 4, 5, 200, 500])
        #expect(try CountList(parsing: " 10 , 20-21").counts == [10, 20, 21])
        #expect(try CountList(parsing: "1-10000").counts.count == 10_000)
    }

    @Test(arguments: ["", "a", "5-1", "1-", "-3", "1,,2", "1-2-3", "0-2000000"])
    func countListRejects(spec: String) {
        #expect(throws: CountList.ParseError.self) { try CountList(parsing: spec) }
    }
}
