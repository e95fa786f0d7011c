import Foundation
import Testing
@testable import Clusters

/// The CQL2 text Cairn reads: every operator, keywords in any case, quoted names and strings, and
/// errors that name their column.
@Suite struct FilterParserTests {
    private func normalized(_ text: String) throws -> String { try PointFilter(parsing: text).normalized }

    private func error(_ text: String) -> String? {
        do { _ = try PointFilter(parsing: text); return nil } catch { return error.description }
    }

    @Test func everyOperatorParsesToItsCanonicalText() throws {
        #expect(try normalized("population >= 1000000 AND country IN ('DE','FR')")
            == #"("population" >= 1000000 AND "country" IN ('DE','FR'))"#)
        #expect(try normalized("a = 1") == #""a" = 1"#)
        #expect(try normalized("a <> 1") == #""a" <> 1"#)
        #expect(try normalized("a != 1") == #""a" <> 1"#)
        #expect(try normalized("a<1") == #""a" < 1"#)
        #expect(try normalized("a<=1.5") == #""a" <= 1.5"#)
        #expect(try normalized("a>-2e3") == #""a" > -2000"#)
        #expect(try normalized("a >= +.5") == #""a" >= 0.5"#)
        #expect(try normalized("a between 1 and 5") == #""a" BETWEEN 1 AND 5"#)
        #expect(try normalized("a NOT BETWEEN 'a' AND 'm'") == #"NOT "a" BETWEEN 'a' AND 'm'"#)
        #expect(try normalized("name like 'Wi_n%'") == #""name" LIKE 'Wi_n%'"#)
        #expect(try normalized("name not like '%x'") == #"NOT "name" LIKE '%x'"#)
        #expect(try normalized("x is null") == #""x" IS NULL"#)
        #expect(try normalized("x IS NOT NULL") == #"NOT "x" IS NULL"#)
        #expect(try normalized("x not in (1, 2)") == #"NOT "x" IN (1,2)"#)
        #expect(try normalized("open = true or open = FALSE") == #"("open" = TRUE OR "open" = FALSE)"#)
        #expect(try normalized("5 < a") == #""a" > 5"#)
        #expect(try normalized("'DE' = country") == #""country" = 'DE'"#)
    }

    @Test func andBindsTighterThanOrAndNotTighterThanAnd() throws {
        #expect(try normalized("a = 1 OR b = 2 AND c = 3") == #"("a" = 1 OR ("b" = 2 AND "c" = 3))"#)
        #expect(try normalized("(a = 1 OR b = 2) AND c = 3") == #"(("a" = 1 OR "b" = 2) AND "c" = 3)"#)
        #expect(try normalized("NOT a = 1 AND b = 2") == #"(NOT "a" = 1 AND "b" = 2)"#)
        #expect(try normalized("not (a = 1 and b = 2)") == #"NOT ("a" = 1 AND "b" = 2)"#)
    }

    @Test func spellingsOfOneFilterShareItsName() throws {
        let one = try PointFilter(parsing: "pop>=5 and kind in ('a','b')")
        let two = try PointFilter(parsing: #"  "pop"  >=  5.0   AND   KIND In ( 'a' , 'b' )"#.replacingOccurrences(of: "KIND", with: "kind"))
        #expect(one == two)
        #expect(one.normalized == two.normalized)
        #expect(try PointFilter(parsing: "Pop >= 5") != (try PointFilter(parsing: "pop >= 5")))
    }

    @Test func quotedNamesAndStringsKeepQuotesSpacesAndUnicode() throws {
        let filter = try PointFilter(parsing: #""the ""best"" name" = 'O''Brien''s Café 東京' AND "and" = 1"#)
        #expect(filter.properties == [#"the "best" name"#, "and"])
        #expect(filter.expression == .all([
            .comparison(#"the "best" name"#, .equal, .string("O'Brien's Café 東京")),
            .comparison("and", .equal, .number(1)),
        ]))
        #expect(filter.normalized == #"("the ""best"" name" = 'O''Brien''s Café 東京' AND "and" = 1)"#)
        #expect(try PointFilter(parsing: filter.normalized) == filter)
        #expect(try normalized("straße = 'ß'") == #""straße" = 'ß'"#)
    }

    /// Found by the PointFilter fuzz target: U+0605 joins the quote after it into one grapheme, so a
    /// lexer reading Characters ran past the string's end and the normalized text did not parse back.
    @Test func aQuoteAfterAPrependingMarkStillEndsTheString() throws {
        let filter = try PointFilter(parsing: "a = '\u{605}' AND \"\u{605}\" = 1")
        #expect(filter.expression == .all([.comparison("a", .equal, .string("\u{605}")), .comparison("\u{605}", .equal, .number(1))]))
        #expect(try PointFilter(parsing: filter.normalized) == filter)
        let found = try #require(FileManager.default.contents(atPath: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/PointFilter/prepended-mark-before-quote").path))
        if let replayed = try? PointFilter(parsing: String(decoding: found, as: UTF8.self)) {
            #expect(try PointFilter(parsing: replayed.normalized) == replayed)
        }
    }

    @Test func errorsNameTheirColumn() {
        #expect(error("population >= ") == "filter: expected a value after '>=' at column 15")
        #expect(error("population >= AND") == "filter: expected a value after '>=' at column 15")
        #expect(error("") == "filter: the filter is empty at column 1")
        #expect(error("a = 'open") == "filter: unterminated string at column 5")
        #expect(error(#""a = 1"#) == "filter: unterminated quoted property name at column 1")
        #expect(error("(a = 1") == "filter: expected ')' for the '(' of column 1, found the end of the filter at column 7")
        #expect(error("a = 1)") == "filter: unexpected ')' (expected AND, OR or the end) at column 6")
        #expect(error("a = 1 b = 2") == "filter: unexpected 'b' (expected AND, OR or the end) at column 7")
        #expect(error("a 1") == "filter: expected a comparison after 'a', found '1' at column 3")
        #expect(error("a IN 1") == "filter: expected '(' after IN, found '1' at column 6")
        #expect(error("a IN (1 2)") == "filter: expected ',' or ')' in the IN list, found '2' at column 9")
        #expect(error("a BETWEEN 1 OR 2") == "filter: expected AND after BETWEEN's low value, found 'OR' at column 13")
        #expect(error("a LIKE 5") == "filter: expected a 'pattern' after 'LIKE' at column 8")
        #expect(error("a IS 5") == "filter: expected NULL after IS at column 6")
        #expect(error("a NOT = 5") == "filter: expected IN, BETWEEN or LIKE after 'NOT' at column 7")
        #expect(error("5 = 6") == "filter: expected a property name after '=' at column 5")
        #expect(error("AND = 1") == "filter: expected a property name, found 'AND' at column 1")
        #expect(error("a = 1x") == "filter: '1x' is not a number at column 5")
        #expect(error("a = 1e") == "filter: '1e' is not a number at column 5")
        #expect(error("a ! 1") == "filter: unexpected '!' (not equal is <>) at column 3")
        #expect(error("a = 1 AND b # 2") == "filter: unexpected '#' at column 13")
        #expect(error("a = ;") == "filter: unexpected ';' at column 5")
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "(", count: 40) + "a = 1" + String(repeating: ")", count: 40)
        #expect(error(deep) == "filter: nested more than 32 levels deep at column 33")
        let nots = String(repeating: "NOT ", count: 33) + "a = 1"
        #expect(error(nots)?.hasPrefix("filter: nested more than 32 levels deep") == true)
        #expect(try PointFilter(parsing: String(repeating: "(", count: 32) + "a = 1" + String(repeating: ")", count: 32)).normalized == #""a" = 1"#)
        #expect(try PointFilter(parsing: deep, maxDepth: 64).properties == ["a"])
        // A long flat chain is not deep.
        let chain = (0..<300).map { "a = \($0)" }.joined(separator: " OR ")
        #expect(try PointFilter(parsing: chain).properties == ["a"])
    }
}
