/// Fuzz target `PointsNDJSON`: the newline-delimited GeoJSON reader (one Feature a line, RFC 7464
/// record separators), through `PointReader`; see ``FuzzPoints`` for what is checked.
///
/// Seeds: Fuzz/Seeds/PointsNDJSON
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointsNDJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in try FuzzPoints.read(input.bytes, format: .ndjson) }
}
