import Testing
@testable import Clusters

/// What a filter matches: SQL's comparisons and three-valued logic over the points' JSON
/// properties, checked operator by operator on points written by hand.
@Suite struct FilterEvaluationTests {
    /// Point i has these properties.
    static let properties: [String?] = [
        #"{"pop":1500000,"country":"DE","name":"Berlin","open":true,"tags":["a"]}"#,  // 0
        #"{"pop":800,"country":"FR","name":"Érd","open":false}"#,  // 1
        #"{"pop":null,"country":"DE","name":"O'Brien's"}"#,  // 2
        #"{"country":"AT","name":"Wien","pop":"1.9M"}"#,  // 3
        nil,  // 4
        #"{"pop":1000000,"country":"fr","name":"東京 100%"}"#,  // 5
        #"{"pop":-3.5,"name":"a_b","open":true,"pop":7}"#,  // 6: pop given twice, the last counts
    ]

    private func matches(_ text: String) throws -> [Int] {
        let points = PointSet(Array(repeating: (10, 10), count: Self.properties.count)) { Self.properties[$0] }
        let filter = try PointFilter(parsing: text)
        return filter.matchingRows(points.propertyColumns(filter.properties), count: points.count).map(Int.init)
    }

    @Test func comparisonsOfNumbers() throws {
        #expect(try matches("pop >= 1000000") == [0, 5])
        #expect(try matches("pop > 1000000") == [0])
        #expect(try matches("pop < 1000") == [1, 6])
        #expect(try matches("pop <= 800") == [1, 6])
        #expect(try matches("pop = 7") == [6])
        #expect(try matches("pop <> 800") == [0, 5, 6])
        #expect(try matches("pop BETWEEN 7 AND 1000000") == [1, 5, 6])
        #expect(try matches("pop NOT BETWEEN 7 AND 1000000") == [0])
        #expect(try matches("pop IN (800, 7)") == [1, 6])
        #expect(try matches("1000 < pop") == [0, 5])
    }

    @Test func comparisonsOfStringsAreExactAndOrderByCodePoint() throws {
        #expect(try matches("country = 'DE'") == [0, 2])
        #expect(try matches("country IN ('DE','FR')") == [0, 1, 2])
        #expect(try matches("country NOT IN ('DE','FR')") == [3, 5])
        #expect(try matches("country < 'E'") == [0, 2, 3])
        #expect(try matches("country >= 'a'") == [5])
        #expect(try matches("name = 'O''Brien''s'") == [2])
        #expect(try matches("name BETWEEN 'B' AND 'X'") == [0, 2, 3])
        #expect(try matches("name > 'Z'") == [1, 5, 6])
        #expect(try matches("name = '東京 100%'") == [5])
    }

    @Test func likeMatchesWholeValuesWithPercentAndUnderscore() throws {
        #expect(try matches("name LIKE 'B%'") == [0])
        #expect(try matches("name LIKE '%n'") == [0, 3])
        #expect(try matches("name LIKE '_rd'") == [1])
        #expect(try matches("name LIKE '%r%'") == [0, 1, 2])
        #expect(try matches("name LIKE '%'") == [0, 1, 2, 3, 5, 6])
        #expect(try matches(#"name LIKE '%\%'"#) == [5])
        #expect(try matches(#"name LIKE 'a\_b'"#) == [6])
        #expect(try matches("name LIKE 'a_b'") == [6])
        #expect(try matches("name LIKE 'b%'") == [])
        #expect(try matches("name NOT LIKE '%e%'") == [1, 5, 6])
        #expect(try matches("name LIKE '東_%'") == [5])
    }

    @Test func missingAndNullAreUnknownSoNeitherAComparisonNorItsNegationMatches() throws {
        #expect(try matches("pop IS NULL") == [2, 4])
        #expect(try matches("pop IS NOT NULL") == [0, 1, 3, 5, 6])
        #expect(try matches("open IS NULL") == [2, 3, 4, 5])
        // 2 and 4 have no pop: neither the comparison nor its negation holds for them.
        #expect(try matches("pop > 100") == [0, 1, 5])
        #expect(try matches("NOT pop > 100") == [6])
        // Unknown OR true is true; unknown AND false is false.
        #expect(try matches("pop > 100 OR country = 'DE'") == [0, 1, 2, 5])
        #expect(try matches("NOT (pop > 100 AND country = 'AT')") == [0, 1, 2, 5, 6])
        #expect(try matches("pop NOT IN (800)") == [0, 5, 6])
    }

    @Test func valuesOfAnotherTypeAreUnknownLikeNull() throws {
        // 3's pop is a string; 0's tags an array.
        #expect(try matches("pop = '1.9M'") == [3])
        #expect(try matches("NOT pop = 5") == [0, 1, 5, 6])
        #expect(try matches("NOT country = 1") == [])
        #expect(try matches("pop < 'Z'") == [3])
        #expect(try matches("country = 1") == [])
        #expect(try matches("tags = 'a'") == [])
        #expect(try matches("tags IS NULL") == [1, 2, 3, 4, 5, 6])
    }

    @Test func booleans() throws {
        #expect(try matches("open = TRUE") == [0, 6])
        #expect(try matches("open = false") == [1])
        #expect(try matches("open <> true") == [1])
        #expect(try matches("open = 1") == [])
    }

    @Test func aPropertyNoPointHasIsAnErrorNamingItsColumn() throws {
        let points = PointSet(Array(repeating: (10, 10), count: Self.properties.count)) { Self.properties[$0] }
        let index = try ClusterIndex(points: points)
        #expect(throws: FilterError("no point has a property 'popluation' (the points have 'country', 'name', 'open', 'pop', 'tags')", column: 12)) {
            try index.filtered(by: PointFilter(parsing: "pop > 1 OR popluation > 5"))
        }
        // Present with null on one point only is still a property of the dataset.
        let nulls = PointSet([(1, 1), (2, 2)]) { [#"{"x":null}"#, "{}"][$0] }
        #expect(try ClusterIndex(points: nulls).filtered(by: PointFilter(parsing: "x IS NULL")).pointCount == 2)
    }
}
