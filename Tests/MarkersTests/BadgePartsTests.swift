import Canvas
import Markers
import Testing

/// The breakdown itself: validation, default colours, and how the circle is cut.
@Suite struct BadgePartsTests {
    private func parts(_ counts: [(String, Int)]) throws -> BadgeParts {
        try BadgeParts(counts.map { (name: $0.0, count: $0.1, color: nil) })
    }

    @Test func slicesAreProportionalFromTwelveOClockClockwise() throws {
        let slices = try parts([("a", 30), ("b", 10)]).slices
        #expect(slices.map(\.start) == [0, 270] && slices.map(\.end) == [270, 360])
        let thirds = try parts([("a", 30), ("b", 12)]).slices
        #expect(thirds.map(\.degrees) == [257, 103])   // 257.14… and 102.86…
    }

    @Test func theSmallestShareStillGetsThreeDegreesTakenFromTheLargerParts() throws {
        let slices = try parts([("a", 999), ("b", 1)]).slices
        #expect(slices.map(\.degrees) == [357, 3])
        let many = try parts([("big", 10_000), ("x", 1), ("middle", 2_000), ("y", 1), ("z", 1)]).slices
        #expect(many.map(\.degrees).reduce(0, +) == 360)
        #expect(many[1].degrees == 3 && many[3].degrees == 3 && many[4].degrees == 3)
        // The room the slivers take comes from the large parts in proportion: 351° shared 10:2.
        #expect(many[0].degrees == 293 && many[2].degrees == 58, "\(many.map(\.degrees))")
        // A hundred parts of one point each and one large one: every sliver still 3°.
        let hundred = try parts([("large", 1_000_000)] + (1..<100).map { ("p\($0)", 1) }).slices
        #expect(hundred.allSatisfy { $0.degrees >= 3 } && hundred.map(\.degrees).reduce(0, +) == 360)
        #expect(hundred[0].degrees == 360 - 99 * 3)
    }

    @Test func zeroPartsAreSkippedButKeepTheirPaletteColour() throws {
        let breakdown = try parts([("a", 5), ("b", 0), ("c", 5)])
        let slices = breakdown.slices
        #expect(slices.count == 2)
        #expect(slices.map(\.color) == [PartsPalette.colors[0], PartsPalette.colors[2]])
        #expect(slices.map(\.degrees) == [180, 180])
    }

    @Test func defaultColoursFollowThePaletteByPositionAndOtherIsGrey() throws {
        let names = (0..<12).map { "p\($0)" } + ["other"]
        let breakdown = try parts(names.map { ($0, 1) })
        #expect(breakdown.parts[0].color.pixel == rgba("#e6194b"))
        #expect(breakdown.parts[9].color.pixel == rgba("#469990"))
        #expect(breakdown.parts[10].color.pixel == rgba("#e6194b"))   // the palette starts again
        #expect(breakdown.parts[12].color.pixel == rgba("#9e9e9e"))
        let given = try BadgeParts([(name: "a", count: 1, color: Color(r: 1, g: 2, b: 3)), (name: "other", count: 1, color: nil)])
        #expect(given.parts.map(\.color.pixel) == [RGBA8(r: 1, g: 2, b: 3, a: 255), rgba("#9e9e9e")])
    }

    @Test func theLargestPartIsTheFirstOfEquals() throws {
        #expect(try parts([("a", 10), ("b", 30), ("c", 30)]).largest.name == "b")
        #expect(try parts([("a", 7)]).largest.name == "a")
    }

    @Test(arguments: [
        ([("a", 0), ("b", 0)], "every part's count is 0"),
        ([("a", 3), ("b", -1)], "part 'b': the count must not be negative (got -1)"),
        ([], "no parts given"),
        ([("a", 1), ("a", 2)], "part 'a' is given twice"),
        ([("", 1)], "part 1 has no name"),
        ([("a", Int.max), ("b", 1)], "part 'b': the counts add up to more than"),
    ])
    func badBreakdownsAreRefusedWithTheReason(counts: [(String, Int)], message: String) {
        #expect {
            _ = try parts(counts)
        } throws: { error in
            (error as? BadgePartsError)?.description.contains(message) == true
        }
    }

    @Test func tooManyPartsAreRefused() {
        #expect(throws: BadgePartsError.self) { try parts((0...BadgeParts.maximumParts).map { ("p\($0)", 1) }) }
    }

    @Test func specsParseWithEitherSeparatorAndOptionalColours() throws {
        let cli = try BadgeParts(parsing: "restaurant=30:#123456,cafe=12,other=3:navy", separator: "=")
        #expect(cli.parts.map(\.name) == ["restaurant", "cafe", "other"])
        #expect(cli.parts.map(\.count) == [30, 12, 3])
        #expect(cli.parts.map(\.color.pixel) == [rgba("#123456"), rgba("#3cb44b"), rgba("#000080")])
        let server = try BadgeParts(parsing: "restaurant:30:e6194b80,cafe:12", separator: ":")
        #expect(server.parts[0].color.pixel == RGBA8(r: 0xe6, g: 0x19, b: 0x4b, a: 0x80))
        #expect(server.total == 42)
    }

    @Test(arguments: [
        ("restaurant=x", "'restaurant=x': the count must be a whole number"),
        ("restaurant", "'restaurant': expected NAME=COUNT[:COLOUR]"),
        ("a=1,,b=2", "'': expected NAME=COUNT"),
        ("a=1:blurple", "'a=1:blurple': invalid colour 'blurple'"),
        ("a=1:", "'a=1:': invalid colour ''"),
        ("a=0,b=0", "every part's count is 0"),
        ("a=99999999999999999999", "the count must be a whole number"),
    ])
    func badSpecsNameTheItem(spec: String, message: String) {
        #expect {
            _ = try BadgeParts(parsing: spec, separator: "=")
        } throws: { error in
            String(describing: error).contains(message)
        }
    }
}
