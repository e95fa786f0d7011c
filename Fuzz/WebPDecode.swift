/// Fuzz target `WebPDecode`: `ImageDecoder.decode` (libwebp and Cairn's limits) on WebP bytes; a
/// decoded image must have the size its header declares.
///
/// Seeds: Fuzz/Seeds/WebPDecode
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebPDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in FuzzImage.decode(input.bytes) }
}
