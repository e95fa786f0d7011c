import Canvas
import Foundation
import Markers
import Testing

@Suite struct StyleFileTests {
    @Test func loadsTheBundledBrandStyle() throws {
        let style = try BadgeStyle.load(path: repositoryRoot + "/Samples/styles/brand.yml")
        #expect(style.name == "brand")
        #expect(style.thresholds == [10, 100, 1000, 10000])
        #expect(style.defaultLabel == .abbrev)
        #expect(try style.layout(for: 5).diameter == 36)
        #expect(try style.layout(for: 50_000).diameter == 56)
        #expect(try style.layout(for: 5).fill.pixel == rgba("#2563eb"))
        #expect(try style.layout(for: 50_000).fill.pixel == rgba("#b91c1c"))
        #expect(try style.layout(for: 1234).label == "1.2k")
        #expect(style.shadow != nil)
    }

    @Test func perBucketColoursAndBase() throws {
        let style = try BadgeStyle.load(yaml: """
            base: leaflet
            fill: ["#111111", "#222222", "#333333"]
            """)
        #expect(style.thresholds == [10, 100])
        #expect(try style.layout(for: 500).fill.pixel == rgba("#333333"))
        #expect(try style.layout(for: 5).label == "5")
    }

    @Test(arguments: [
        ("colour: red", "colour: unknown key"),
        ("ring: {width: wide}", "ring.width: expected a number"),
        ("fill: \"#12\"", "fill: invalid colour"),
        ("thresholds: [100, 10]", "thresholds: expected positive counts in ascending order"),
        ("base: apple", "base: unknown style 'apple'"),
        ("text: {size: -3}", "text.size: expected points"),
        ("label: roman", "label:"),
        ("[1, 2", "not valid YAML"),
    ])
    func reportsProblemsWithTheirPath(yaml: String, expected: String) {
        do {
            _ = try BadgeStyle.load(yaml: yaml, file: "s.yml")
            Issue.record("accepted \(yaml)")
        } catch {
            #expect("\(error)".hasPrefix("s.yml: "), "\(error)")
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    /// Nine levels of ten aliases each ("billion laughs", 10⁹ values once expanded) are refused at
    /// once, with the file and the problem, never walked.
    @Test func nestedAliasesAreRefusedWithinASecond() {
        let path = repositoryRoot + "/Tests/Fixtures/yaml/nested-aliases.yml"
        let start = ContinuousClock.now
        #expect { try BadgeStyle.load(path: path) } throws: {
            "\($0)".hasPrefix("\(path): too many alias expansions")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    /// An alias that repeats a little is no problem.
    @Test func aFewAliasesAreRead() throws {
        let style = try BadgeStyle.load(yaml: """
            text: {color: &ink "#101010", size: 14}
            ring: {width: 2, color: *ink}
            """)
        #expect(style.ring?.color == style.textColor)
    }
}
