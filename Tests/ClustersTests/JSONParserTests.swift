@testable import Clusters
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    /// The error parsing `bytes` throws, nil when it parses.
    private func failure(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONValue(parsing: bytes)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String) -> JSONSyntaxError? { failure(Array(text.utf8)) }

    @Test("parses every kind of value, keeping member order")
    func everyKindOfValue() throws {
        let value = try parse(#" { "b" : [1, -2.5, true, false, null, {}, []], "a": {"x": "y"}, "b": "last" } "#)
        guard case .object(let object) = value else { Issue.record("not an object: \(value)"); return }
        #expect(object.members.map(\.key) == ["b", "a", "b"])
        #expect(object.members[0].value == .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null, .object(JSONObject()), .array([])]))
        #expect(value["a"]?["x"] == .string("y"))
        #expect(value["b"] == .string("last"))
        #expect(value.jsonText == #"{"b":[1,-2.5,true,false,null,{},[]],"a":{"x":"y"},"b":"last"}"#)
    }

    @Test("decodes escapes and surrogate pairs, keeps UTF-8 text")
    func strings() throws {
        let value = try parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \u20AC \ud83d\ude00 Zürich 東京""#)
        #expect(value == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t é € 😀 Zürich 東京"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test("parses from a String, an array slice and a non-contiguous collection alike")
    func inputs() throws {
        let text = #"{"name":"Wien","population":1691468}"#
        let bytes = Array(text.utf8)
        let expected = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: bytes[...]) == expected)
        #expect(try JSONValue(parsing: bytes.lazy.map { $0 }) == expected)
        #expect(expected["population"]?.number == 1_691_468)
    }

    @Test("reads numbers exactly as JavaScript does", arguments: [
        ("0", 0.0), ("-0", -0.0), ("1", 1), ("-12.5e2", -1250), ("0.1", 0.1), ("1E2", 100), ("1e-2", 0.01),
        ("51.37601", 51.37601), ("-180", -180), ("9007199254740993", 9_007_199_254_740_992),
        ("1.7976931348623157e308", .greatestFiniteMagnitude), ("4.9e-324", .leastNonzeroMagnitude),
        ("2.2250738585072011e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)), ("1e400", .infinity), ("-1e400", -.infinity),
        ("1e-400", 0), ("0.000000000000000000000000000001234", 1.234e-30),
        ("123456789012345678901234567890", 1.2345678901234568e29), ("1e99999999999999999999", .infinity),
    ])
    func numbers(text: String, expected: Double) throws {
        let value = try #require(try parse(text).number)
        #expect(value.bitPattern == expected.bitPattern, "\(text) read as \(value)")
    }

    @Test("reads random numbers to the same bits as the standard library")
    func randomNumbers() throws {
        var generator = SeededGenerator(seed: 2024)
        for round in 0..<30_000 {
            let bits = generator.next()
            let value: Double = switch round % 3 {
            case 0: Double(bitPattern: bits & ~(1 << 63))
            case 1: Double(bits % 360_000_000_000) / 1_000_000_000 - 180
            default: Double(bitPattern: bits & 0x800F_FFFF_FFFF_FFFF | UInt64(900 + round % 300) << 52)
            }
            guard value.isFinite else { continue }
            let digits = 1 + Int(bits >> 58) % 22
            for text in [value.description, String(value.description.prefix(digits))] {
                guard let expected = Double(text), text.last?.isNumber == true, !text.contains("inf") else { continue }
                let parsed = try #require(try parse(text).number)
                #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
            }
        }
    }

    @Test("the powers-of-five table matches exact arithmetic", arguments: [
        (-342, 0xEEF4_53D6_923B_D65A as UInt64, 0x113F_AA29_06A1_3B3F as UInt64),
        (-100, 0xDFF9_7724_7029_7EBD, 0x5978_7E2B_93BC_56F7),
        (-28, 0xFD87_B5F2_8300_CA0D, 0x8BCA_9D6E_1888_53FC),
        (-27, 0x9E74_D1B7_91E0_7E48, 0x775E_A264_CF55_347E),
        (-1, 0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD),
        (0, 0x8000_0000_0000_0000, 0),
        (308, 0x8E67_9C2F_5E44_FF8F, 0x570F_09EA_A7EA_7648),
    ])
    func powersOfFive(exponent: Int, high: UInt64, low: UInt64) {
        let index = 2 * (exponent - PowersOfFive.smallestExponent)
        #expect(PowersOfFive.table[index] == high)
        #expect(PowersOfFive.table[index + 1] == low)
    }

    @Test("names what is wrong and where", arguments: [
        ("", "unexpected end of text, expected a value", 1, 1),
        ("   ", "unexpected end of text, expected a value", 1, 4),
        ("[1,]", "expected a value, found ']'", 1, 4),
        ("[1 2]", "expected ',' or ']' after an array element, found '2'", 1, 4),
        (#"{"a" 1}"#, "expected ':' after an object key, found '1'", 1, 6),
        (#"{"a":1,}"#, "expected a string key, found '}'", 1, 8),
        ("{'a':1}", "expected a string key, found '''", 1, 2),
        (#"{"a":1"#, "unexpected end of text, expected ',' or '}' after an object member", 1, 7),
        ("01", "leading zero in a number", 1, 1),
        ("-", "expected a digit after '-'", 1, 2),
        ("1.", "expected a digit after the decimal point", 1, 3),
        (".5", "expected a value, found '.'", 1, 1),
        ("+5", "expected a value, found '+'", 1, 1),
        ("1e+", "expected a digit in the exponent", 1, 4),
        ("NaN", "expected a value, found 'N'", 1, 1),
        ("tru", "invalid literal (expected true)", 1, 1),
        ("nul", "invalid literal (expected null)", 1, 1),
        (#""abc"#, "unterminated string", 1, 1),
        ("[1] x", "unexpected text after the JSON value", 1, 5),
        (#""é" x"#, "unexpected text after the JSON value", 1, 5),
        ("{\n  \"a\": [1,\n  2 3]}", "expected ',' or ']' after an array element, found '3'", 3, 5),
        ("\u{FEFF}{}", "expected a value, found byte 0xEF", 1, 1),
    ])
    func syntaxErrors(text: String, reason: String, line: Int, column: Int) throws {
        let error = try #require(failure(text))
        #expect(error.reason == reason)
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.description == "line \(line), column \(column): \(reason)")
    }

    @Test("refuses strings JavaScript would garble or that are not UTF-8", arguments: [
        (Array(#""\ud800""#.utf8), #"lone surrogate \uD800 in a string"#, 2),
        (Array(#""\udc00 x""#.utf8), #"lone surrogate \uDC00 in a string"#, 2),
        (Array(#""\ud83d\u0041""#.utf8), #"lone surrogate \uD83D in a string"#, 2),
        (Array(#""ab\ud83d""#.utf8), #"lone surrogate \uD83D in a string"#, 4),
        (Array("\"a\nb\"".utf8), "unescaped control character U+000A in a string", 3),
        (Array("\"a\tb\"".utf8), "unescaped control character U+0009 in a string", 3),
        (Array(#""\x""#.utf8), #"invalid escape \x in a string"#, 2),
        (Array(#""\u12""#.utf8), #"invalid \u escape in a string (expected 4 hexadecimal digits)"#, 2),
        ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 in a string", 2),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 in a string", 2),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 in a string", 2),
        ([0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 in a string", 2),
        ([0x22, 0xFF, 0x22], "invalid UTF-8 in a string", 2),
    ])
    func hostileStrings(bytes: [UInt8], reason: String, column: Int) throws {
        let error = try #require(failure(bytes))
        #expect(error.reason == reason)
        #expect(error.column == column)
    }

    @Test("allows 512 nested arrays and objects, refuses deeper nesting without overflowing the stack")
    func nesting() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try parse(deepest) }
        let tooDeep = try #require(failure(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)))
        #expect(tooDeep.reason == "nesting deeper than 512 arrays and objects")
        #expect(tooDeep.column == 513)
        let hostile = try #require(failure(String(repeating: #"{"a":["#, count: 200_000)))
        #expect(hostile.reason == "nesting deeper than 512 arrays and objects")
        #expect(failure(String(repeating: "[", count: 1_000_000))?.offset == 512)
    }

    @Test("every truncation of a document is an error, never a crash")
    func truncated() throws {
        let document = Array(#"{"type":"Feature","id":"a\u00e9\ud83d\ude00","properties":{"n":[1.5e3,-0,true,null,"Zürich"]}}"#.utf8)
        #expect(throws: Never.self) { try JSONValue(parsing: document) }
        for length in 0..<document.count {
            let error = failure(Array(document[..<length]))
            #expect(error != nil, "accepted \(length) bytes")
            #expect((error?.offset ?? -1) <= length)
        }
    }
}

