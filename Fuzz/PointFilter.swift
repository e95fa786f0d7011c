import Clusters

/// Fuzz target `PointFilter`: `PointFilter(parsing:)`, the CQL2 text of `--filter` and `?filter=`.
/// A filter that parses must name itself: its normalized text parses back to the same filter; and
/// it is evaluated over a few points with properties of every kind (numbers, strings, booleans,
/// null, arrays, missing), which must not crash or hang (`LIKE` patterns are never exponential).
///
/// Seeds: Fuzz/Seeds/PointFilter
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointFilter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let filter = try PointFilter(parsing: input.text)
        let again = try? PointFilter(parsing: filter.normalized)
        fuzzCheck(again == filter, "\(filter.normalized) does not parse back to itself")
        let rows = filter.matchingRows(FuzzFilterPoints.points.propertyColumns(filter.properties), count: FuzzFilterPoints.points.count)
        fuzzCheck(rows.allSatisfy { $0 >= 0 && $0 < FuzzFilterPoints.points.count }, "rows out of range")
    }
}

/// The points every input is evaluated over.
enum FuzzFilterPoints {
    static let points: PointSet = {
        var points = PointSet()
        let properties = [
            #"{"a":1,"b":"x","c":true,"name":"O'Brien 100%","n":null}"#, #"{"a":-2.5e3,"b":"東京","c":false,"d":[1,2]}"#,
            #"{"b":"","e":{"f":1}}"#, "{}", #"{"a":"1","b":5,"name":"a_b%\\"}"#,
        ]
        for (i, text) in properties.enumerated() { points.append(longitude: Double(i), latitude: 0, id: nil, properties: text) }
        points.append(longitude: 9, latitude: 9)
        return points
    }()
}
