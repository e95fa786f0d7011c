/// Fuzz target `JPEGDecode`: `ImageDecoder.decode` (the libjpeg shim and Cairn's limits) on JPEG
/// bytes; a decoded image must have the size its header declares.
///
/// Seeds: Fuzz/Seeds/JPEGDecode
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in FuzzImage.decode(input.bytes) }
}
