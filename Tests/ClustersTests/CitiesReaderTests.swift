import Clusters
import Foundation
import Testing

@Suite("Reading the cities corpus")
struct CitiesReaderTests {
    /// The repository's copy of the shared corpus' cities (Samples/points/NOTICE.md).
    private static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples/points").path

    @Test("GeoJSON and CSV give the same 34 006 cities: coordinates, ids and properties")
    func sameCities() throws {
        let geojson = try PointReader.read(path: Self.directory + "/cities15000.geojson")
        let csv = try PointReader.read(path: Self.directory + "/cities15000.csv")
        #expect(geojson.format == .geojson)
        #expect(csv.format == .csv)
        #expect(geojson.invalid.isEmpty)
        #expect(csv.invalid.isEmpty)
        #expect(geojson.points.count == 34_006)
        #expect(csv.points.count == 34_006)
        #expect(geojson.points.longitudes == csv.points.longitudes)
        #expect(geojson.points.latitudes == csv.points.latitudes)
        #expect(geojson.points.ids == csv.points.ids)
        #expect(geojson.points.properties == csv.points.properties)
    }

    @Test("Vienna is where it is, with its properties as written")
    func vienna() throws {
        for name in ["cities15000.geojson", "cities15000.csv"] {
            let points = try PointReader.read(path: Self.directory + "/" + name).points
            let row = try #require((0..<points.count).first { points.ids[$0] == "2761369" }, "\(name)")
            #expect(points.longitudes[row] == 16.37208)
            #expect(points.latitudes[row] == 48.20849)
            #expect(points.properties[row] == #"{"name":"Vienna","country":"AT","population":1691468}"#)
            let properties = try JSONValue(parsing: try #require(points.properties.bytes(of: row)))
            #expect(properties["population"]?.number == 1_691_468)
        }
    }
}
