import Foundation

/// One feature of a GeoJSON FeatureCollection that `cairn clusters` printed or the server answered.
public struct GeoFeature: CustomStringConvertible {
    public var id: Int?
    public var lon: Double, lat: Double
    public var properties: [String: Any]

    public var clusterID: Int? { properties["cluster_id"] as? Int }
    public var isCluster: Bool { clusterID != nil }
    /// The points it stands for: `point_count` of a cluster, 1 for a point.
    public var pointCount: Int { isCluster ? properties["point_count"] as? Int ?? 0 : 1 }
    public var description: String { "feature \(id.map(String.init) ?? "-") at (\(lon), \(lat)) \(properties)" }

    /// GeoJSON that is not a FeatureCollection of Point features; the description says where.
    public struct ShapeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The features of a FeatureCollection of Points.
    public static func collection(_ bytes: [UInt8]) throws -> [GeoFeature] {
        guard let collection = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw ShapeError(description: "not a JSON object: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        guard collection["type"] as? String == "FeatureCollection", let features = collection["features"] as? [[String: Any]] else {
            throw ShapeError(description: "not a FeatureCollection: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return try features.map { feature in
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                  let coordinates = geometry["coordinates"] as? [Double], coordinates.count == 2,
                  let properties = feature["properties"] as? [String: Any] else {
                throw ShapeError(description: "not a Point feature with properties: \(feature)")
            }
            return GeoFeature(id: feature["id"] as? Int, lon: coordinates[0], lat: coordinates[1], properties: properties)
        }
    }
}
