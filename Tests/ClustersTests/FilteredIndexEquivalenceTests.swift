import Testing
@testable import Clusters

/// A filtered index is the index of a file holding only the matching points: same ids, counts,
/// centroids, children, leaves and expansion zooms, on seeded random points and random filters.
/// The matching points are chosen by an evaluator written here from SQL's rules over parsed JSON,
/// independently of Cairn's column evaluator.
@Suite struct FilteredIndexEquivalenceTests {
    @Test(arguments: SeededGenerator.seeds(Array(1...6)))
    func aFilteredIndexIsTheIndexOfTheMatchingPointsAlone(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: 150...600, using: &random)
        let points = RandomPoints.make(count: count, using: &random)
        let options = ClusterOptions(radius: [20, 40, 80].randomElement(using: &random)!, maxZoom: 12,
                                     minPoints: Int.random(in: 2...4, using: &random))
        let aggregates = [Aggregate(name: "total", operation: .sum, property: "pop")]
        let full = try ClusterIndex(points: points, options: options, aggregates: aggregates)
        for _ in 0..<40 {
            let expression = RandomFilter.make(depth: 3, using: &random)
            let text = expression.text(using: &random)
            let filter = try PointFilter(parsing: text)
            let filtered = try full.filtered(by: filter)

            var alone = PointSet()
            for row in 0..<points.count where expression.evaluate(RandomPoints.object(points, row)) == .yes {
                alone.append(longitude: points.longitudes[row], latitude: points.latitudes[row],
                             id: points.ids.bytes(of: row), properties: points.properties.bytes(of: row))
            }
            let reference = try ClusterIndex(points: alone, options: options, aggregates: aggregates)
            #expect(filtered.pointCount == reference.pointCount, "seed \(seed): \(text)")
            try Self.expectSame(filtered, reference, context: "seed \(seed): \(text)")
        }
    }

    /// Every zoom's features byte for byte, and every cluster's children, leaves and expansion zoom.
    static func expectSame(_ index: ClusterIndex, _ reference: ClusterIndex, context: String) throws {
        for zoom in reference.zooms {
            let items = reference.worldItems(zoom)
            #expect(index.featureCollection(index.worldItems(zoom)) == reference.featureCollection(items), "\(context) zoom \(zoom)")
            for item in items {
                guard let id = reference.clusterID(of: item) else { continue }
                #expect(index.featureCollection(try index.children(of: id)) == reference.featureCollection(try reference.children(of: id)),
                        "\(context) children of \(id)")
                let all = reference.pointCount(of: item)
                #expect(index.featureCollection(try index.leaves(of: id, limit: all)) == reference.featureCollection(try reference.leaves(of: id, limit: all)),
                        "\(context) leaves of \(id)")
                #expect(try index.expansionZoom(of: id) == reference.expansionZoom(of: id), "\(context) expansion of \(id)")
            }
        }
    }
}

/// Random points with properties of every kind, some missing, some null, clumped so they cluster.
enum RandomPoints {
    static let countries = ["DE", "FR", "AT", "fr", "Ελλάδα", "O'Neil"]

    static func make(count: Int, using random: inout SeededGenerator) -> PointSet {
        var points = PointSet()
        let centres = (0..<5).map { _ in (Double.random(in: -170...170, using: &random), Double.random(in: -70...70, using: &random)) }
        for i in 0..<count {
            let centre = centres.randomElement(using: &random)!
            var members: [String] = []
            if Int.random(in: 0..<10, using: &random) > 0 {
                members.append(Int.random(in: 0..<8, using: &random) == 0 ? #""pop":null"# : "\"pop\":\(Int.random(in: -5...2000, using: &random) * 500)")
            }
            if Int.random(in: 0..<6, using: &random) > 0 {
                let country = countries.randomElement(using: &random)!.replacingOccurrences(of: "\"", with: "\\\"")
                members.append("\"country\":\"\(country)\"")
            }
            if Int.random(in: 0..<3, using: &random) > 0 { members.append("\"open\":\(Bool.random(using: &random))") }
            if Int.random(in: 0..<12, using: &random) == 0 { members.append(#""pop":"many""#) }
            members.append("\"rank\":\(Double(Int.random(in: 0...40, using: &random)) / 4)")
            points.append(longitude: centre.0 + Double.random(in: -8...8, using: &random),
                          latitude: centre.1 + Double.random(in: -8...8, using: &random),
                          id: "\(i)", properties: "{" + members.shuffled(using: &random).joined(separator: ",") + "}")
        }
        return points
    }

    static func object(_ points: PointSet, _ row: Int) -> JSONObject {
        guard let text = points.properties[row], case .object(let object)? = try? JSONValue(parsing: text) else { return JSONObject() }
        return object
    }
}

/// A filter built at random, written as text in random spellings, and evaluated over a point's
/// parsed properties by SQL's three-valued rules: missing, null or another type is unknown.
indirect enum RandomFilter {
    enum Truth { case no, unknown, yes }

    case and(RandomFilter, RandomFilter)
    case or(RandomFilter, RandomFilter)
    case not(RandomFilter)
    case compare(String, String, JSONValue)
    case among(String, [JSONValue])
    case between(String, JSONValue, JSONValue)
    case like(String, String)
    case isNull(String, Bool)

    static let operators = ["=", "<>", "<", "<=", ">", ">="]

    static func make(depth: Int, using random: inout SeededGenerator) -> RandomFilter {
        if depth > 0, Int.random(in: 0..<3, using: &random) > 0 {
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1: return .and(make(depth: depth - 1, using: &random), make(depth: depth - 1, using: &random))
            case 2, 3: return .or(make(depth: depth - 1, using: &random), make(depth: depth - 1, using: &random))
            default: return .not(make(depth: depth - 1, using: &random))
            }
        }
        func number() -> JSONValue { .number(Double(Int.random(in: -5...2000, using: &random) * 500)) }
        func country() -> JSONValue { .string(RandomPoints.countries.randomElement(using: &random)!) }
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return .compare("pop", operators.randomElement(using: &random)!, number())
        case 1: return .compare("country", operators.randomElement(using: &random)!, country())
        case 2: return .compare("open", ["=", "<>"].randomElement(using: &random)!, .bool(Bool.random(using: &random)))
        case 3: return .among("country", (0..<Int.random(in: 1...3, using: &random)).map { _ in country() })
        case 4: return .between("pop", number(), number())
        case 5: return .between("rank", .number(Double(Int.random(in: 0...5, using: &random))), .number(Double(Int.random(in: 3...10, using: &random))))
        case 6: return .like("country", ["%R", "_R", "D%", "%", "O'%", "Ε%", "f_"].randomElement(using: &random)!)
        case 7: return .isNull(["pop", "country", "open"].randomElement(using: &random)!, Bool.random(using: &random))
        default: return .compare("rank", operators.randomElement(using: &random)!, .number(Double(Int.random(in: 0...40, using: &random)) / 4))
        }
    }

    func text(using random: inout SeededGenerator) -> String {
        func keyword(_ word: String) -> String { Bool.random(using: &random) ? word : word.lowercased() }
        func name(_ name: String) -> String { Bool.random(using: &random) ? name : "\"\(name)\"" }
        func literal(_ value: JSONValue) -> String {
            switch value {
            case .string(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            case .bool(let flag): return flag ? keyword("TRUE") : keyword("FALSE")
            default: return value.jsonText
            }
        }
        switch self {
        case .and(let a, let b): return "(\(a.text(using: &random)) \(keyword("AND")) \(b.text(using: &random)))"
        case .or(let a, let b): return "(\(a.text(using: &random))  \(keyword("OR"))\t\(b.text(using: &random)))"
        case .not(let a): return "\(keyword("NOT")) (\(a.text(using: &random)))"
        case .compare(let property, let op, let value): return "\(name(property))\(op)\(literal(value))"
        case .among(let property, let values): return "\(name(property)) \(keyword("IN")) (\(values.map(literal).joined(separator: ", ")))"
        case .between(let property, let low, let high):
            return "\(name(property)) \(keyword("BETWEEN")) \(literal(low)) \(keyword("AND")) \(literal(high))"
        case .like(let property, let pattern): return "\(name(property)) \(keyword("LIKE")) \(literal(.string(pattern)))"
        case .isNull(let property, let negated): return "\(name(property)) \(keyword("IS"))\(negated ? " " + keyword("NOT") : "") \(keyword("NULL"))"
        }
    }

    func evaluate(_ object: JSONObject) -> Truth {
        switch self {
        case .and(let a, let b):
            let (x, y) = (a.evaluate(object), b.evaluate(object))
            return x == .no || y == .no ? .no : x == .unknown || y == .unknown ? .unknown : .yes
        case .or(let a, let b):
            let (x, y) = (a.evaluate(object), b.evaluate(object))
            return x == .yes || y == .yes ? .yes : x == .unknown || y == .unknown ? .unknown : .no
        case .not(let a):
            switch a.evaluate(object) { case .yes: return .no; case .no: return .yes; case .unknown: return .unknown }
        case .compare(let property, let op, let value):
            guard let order = Self.order(object[property], value) else { return .unknown }
            let holds = switch op {
            case "=": order == 0
            case "<>": order != 0
            case "<": order < 0
            case "<=": order <= 0
            case ">": order > 0
            default: order >= 0
            }
            return holds ? .yes : .no
        case .among(let property, let values):
            return values.map { RandomFilter.compare(property, "=", $0).evaluate(object) }
                .reduce(.no) { $0 == .yes || $1 == .yes ? .yes : $0 == .unknown || $1 == .unknown ? .unknown : .no }
        case .between(let property, let low, let high):
            return RandomFilter.and(.compare(property, ">=", low), .compare(property, "<=", high)).evaluate(object)
        case .like(let property, let pattern):
            guard case .string(let text)? = object[property] else { return .unknown }
            return Self.like(Array(text.unicodeScalars)[...], Array(pattern.unicodeScalars)[...]) ? .yes : .no
        case .isNull(let property, let negated):
            let isNull = object[property] == nil || object[property] == .null
            return isNull != negated ? .yes : .no
        }
    }

    private static func order(_ value: JSONValue?, _ literal: JSONValue) -> Int? {
        switch (value, literal) {
        case (.number(let a)?, .number(let b)): return a < b ? -1 : a > b ? 1 : 0
        case (.string(let a)?, .string(let b)):
            return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? -1 : a.utf8.elementsEqual(b.utf8) ? 0 : 1
        case (.bool(let a)?, .bool(let b)): return a == b ? 0 : a ? 1 : -1
        default: return nil
        }
    }

    /// `LIKE` by plain recursion (the patterns here are short): `%` any run, `_` one character.
    private static func like(_ text: ArraySlice<Unicode.Scalar>, _ pattern: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "%": return (0...text.count).contains { like(text.dropFirst($0), pattern.dropFirst()) }
        case "_": return !text.isEmpty && like(text.dropFirst(), pattern.dropFirst())
        default: return text.first == first && like(text.dropFirst(), pattern.dropFirst())
        }
    }
}
