/// Fuzz target `PointsGeoJSON`: the GeoJSON points reader (a FeatureCollection or a Feature of
/// Point features), through `PointReader`; see ``FuzzPoints`` for what is checked.
///
/// Seeds: Fuzz/Seeds/PointsGeoJSON Samples/points/cities15000.geojson
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointsGeoJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in try FuzzPoints.read(input.bytes, format: .geojson) }
}
