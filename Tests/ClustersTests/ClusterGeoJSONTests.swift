import Foundation
import Testing
@testable import Clusters

/// The GeoJSON a clusters query answers with, read back by Foundation's JSONSerialization and as
/// text: supercluster's feature shape, points given back exactly as they came, counts abbreviated
/// as supercluster does, numbers written as JavaScript's JSON.stringify writes them.
@Suite struct ClusterGeoJSONTests {
    static func parse(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    static func features(_ bytes: [UInt8]) throws -> [[String: Any]] {
        let collection = try parse(bytes)
        #expect(Set(collection.keys) == ["type", "features"])
        #expect(collection["type"] as? String == "FeatureCollection")
        return try #require(collection["features"] as? [[String: Any]])
    }

    /// Two points 0.1° apart, one cluster up to zoom 8 (made there by point 0: id 0 + 9 + 2).
    @Test func aClusterIsAFeatureWithSuperclustersPropertiesAggregatesFirst() throws {
        var points = PointSet()
        points.append(longitude: 0, latitude: 0, id: "1", properties: #"{"pop":12}"#)
        points.append(longitude: 0.1, latitude: 0, id: "2", properties: #"{"pop":30}"#)
        let index = try ClusterIndex(points: points, aggregates: [
            Aggregate(name: "total", operation: .sum, property: "pop"),
            Aggregate(name: "biggest \"one\"", operation: .max, property: "pop"),
        ])
        let cluster = try #require(index.worldItems(0).first)
        let bytes = index.featureCollection([cluster])
        let text = String(decoding: bytes, as: UTF8.self)

        let feature = try #require(try Self.features(bytes).first)
        #expect(Set(feature.keys) == ["type", "id", "properties", "geometry"])
        #expect(feature["type"] as? String == "Feature")
        #expect(feature["id"] as? Int == 11)
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["total", "biggest \"one\"", "cluster", "cluster_id", "point_count", "point_count_abbreviated"])
        #expect(properties["total"] as? Int == 42)
        #expect(properties["biggest \"one\""] as? Int == 30)
        #expect(properties["cluster_id"] as? Int == 11)
        #expect(properties["point_count"] as? Int == 2)
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point")
        let (longitude, latitude) = index.coordinate(of: cluster)
        // (Foundation's parser on Linux may miss the nearest double by an ulp or two.)
        let coordinates = try #require(geometry["coordinates"] as? [Double])
        #expect(coordinates.count == 2 && abs(coordinates[0] - longitude) < 1e-15 && abs(coordinates[1] - latitude) < 1e-15)
        #expect(abs(longitude - 0.05) < 1e-5 && abs(latitude) < 1e-9)
        #expect(text.contains(#""coordinates":[\#(longitude),"#))  // the shortest digits that read back exactly
        // Key order and kinds of value, which a dictionary does not show: aggregates come first,
        // `cluster` is a boolean, counts are integers.
        #expect(text.hasPrefix(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":11,"properties":{"#))
        #expect(text.contains(#""properties":{"total":42,"biggest \"one\"":30,"cluster":true,"cluster_id":11,"point_count":2,"point_count_abbreviated":2},"geometry":{"type":"Point","coordinates":["#))
    }

    /// A point is written back with its `id` and `properties` text exactly as read: string or
    /// number ids, any spacing, digits and characters; no `id` when it had none, `null`
    /// properties when it had none. Features come in the order given.
    @Test func aPointKeepsItsIdAndPropertiesTextExactly() throws {
        var points = PointSet()
        points.append(longitude: 8.540192, latitude: 47.378177, id: #""store-17""#,
                      properties: #"{"name": "Zürich Hbf 🚉", "n":1.50,"tags":["a",{"b":null}],"esc":"\u00e9\n"}"#)
        points.append(longitude: 2.35, latitude: 48.85, id: "7", properties: nil)
        points.append(longitude: -74.006, latitude: 40.7128, id: nil, properties: "{}")
        points.append(longitude: 139.69, latitude: 35.69, id: #""東京""#, properties: #"{"名前":"東京"}"#)
        let index = try ClusterIndex(points: points)
        let items = index.worldItems(17).sorted { index.pointIndex(of: $0) ?? -1 < index.pointIndex(of: $1) ?? -1 }
        let text = String(decoding: index.featureCollection(items), as: UTF8.self)
        #expect(text == """
            {"type":"FeatureCollection","features":[\
            {"type":"Feature","id":"store-17","properties":{"name": "Zürich Hbf 🚉", "n":1.50,"tags":["a",{"b":null}],"esc":"\\u00e9\\n"},\
            "geometry":{"type":"Point","coordinates":[8.540192,47.378177]}},\
            {"type":"Feature","id":7,"properties":null,"geometry":{"type":"Point","coordinates":[2.35,48.85]}},\
            {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[-74.006,40.7128]}},\
            {"type":"Feature","id":"東京","properties":{"名前":"東京"},"geometry":{"type":"Point","coordinates":[139.69,35.69]}}]}
            """)

        let features = try Self.features(index.featureCollection(items.reversed()))
        #expect(features.count == 4)
        #expect(features.map { $0["id"] as? String } == ["東京", nil, nil, "store-17"])
        #expect(features.map { $0["id"] as? Int } == [nil, nil, 7, nil])
        #expect(features.map { $0.keys.contains("id") } == [true, false, true, true])
        #expect(features[2]["properties"] is NSNull)
        #expect((features[3]["properties"] as? [String: Any])?["esc"] as? String == "é\n")
    }

    /// supercluster's `point_count_abbreviated`: the count itself (a number) below 1000, then
    /// thousands rounded to one decimal (dropped when 0), then whole thousands from 10 000 on.
    @Test(arguments: [
        (999, "999"), (1000, #""1k""#), (1049, #""1k""#), (1050, #""1.1k""#), (1234, #""1.2k""#),
        (9999, #""10k""#), (10000, #""10k""#), (15499, #""15k""#), (15500, #""16k""#),
    ])
    func pointCountsAbbreviateAsSuperclusterDoes(count: Int, abbreviated: String) throws {
        let index = try ClusterIndex(points: PointSet(Array(repeating: (0, 0), count: count)), options: ClusterOptions(maxZoom: 0))
        let text = String(decoding: index.featureCollection(index.worldItems(0)), as: UTF8.self)
        #expect(text.contains(#""point_count":\#(count),"point_count_abbreviated":\#(abbreviated)}"#))
        let properties = try #require(try Self.features(index.featureCollection(index.worldItems(0))).first?["properties"] as? [String: Any])
        if count < 1000 {
            #expect(properties["point_count_abbreviated"] as? Int == count)
        } else {
            #expect(properties["point_count_abbreviated"] as? String == String(abbreviated.dropFirst().dropLast()))
        }
    }

    /// Two points on one spot whose `v` is the given JSON number: the cluster's `max` is that
    /// number, written as JSON.stringify writes it (integers without a fraction, no exponent from
    /// 1e-6 up to 1e21).
    @Test(arguments: [
        ("42", "42"), ("-0.5", "-0.5"), ("-0", "0"), ("4.666666666666667", "4.666666666666667"),
        ("0.30000000000000004", "0.30000000000000004"), ("123456.789", "123456.789"),
        ("1e-7", "1e-7"), ("1e21", "1e+21"), ("1.5e300", "1.5e+300"), ("5e-324", "5e-324"),
        ("0.0001", "0.0001"), ("0.00001", "0.00001"), ("2.5e-5", "0.000025"), ("0.000001", "0.000001"),
        ("9007199254740991", "9007199254740991"), ("9007199254740992", "9007199254740992"),
        ("1e16", "10000000000000000"), ("1.2345e17", "123450000000000000"),
    ])
    func numbersAreWrittenAsJavaScriptWritesThem(value: String, javaScript: String) throws {
        let index = try ClusterIndex(points: PointSet([(0, 0), (0, 0)]) { _ in #"{"v":\#(value)}"# },
                                     aggregates: [Aggregate(name: "v", operation: .max, property: "v")])
        let text = String(decoding: index.featureCollection(index.worldItems(0)), as: UTF8.self)
        #expect(text.contains(#""properties":{"v":\#(javaScript),"cluster":true"#), "\(text)")
    }

    @Test(arguments: [
        ((10.0, 20.0), "[10,20]"), ((-0.5, 0.25), "[-0.5,0.25]"), ((-179.99999, 85.0), "[-179.99999,85]"),
        ((0.00001, -0.000015), "[0.00001,-0.000015]"),
    ])
    func coordinatesAreWrittenAsJavaScriptWritesThem(point: (Double, Double), javaScript: String) throws {
        let index = try ClusterIndex(points: PointSet([point]))
        let text = String(decoding: index.featureCollection(index.worldItems(17)), as: UTF8.self)
        #expect(text.contains(#""coordinates":\#(javaScript)}"#), "\(text)")
    }

    /// What `children` and `leaves` answer: the features in a bare JSON array.
    @Test func childrenAndLeavesAreWrittenAsAFeatureArray() throws {
        var points = PointSet()
        points.append(longitude: 0, latitude: 0, id: "1", properties: nil)
        points.append(longitude: 0.1, latitude: 0, id: "2", properties: nil)
        let index = try ClusterIndex(points: points)
        let children = try index.children(of: 11)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(index.featureArray(children))) as? [[String: Any]])
        #expect(array.compactMap { $0["id"] as? Int }.sorted() == [1, 2])
        #expect(String(decoding: index.featureArray([]), as: UTF8.self) == "[]")
    }
}
