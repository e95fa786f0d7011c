import Codecs

/// Fuzz target `ImageCheck`: what a pass-through tile goes through instead of a decode —
/// `ImageFormat.sniff`, `ImageFormat.isComplete`, `ImageDecoder.validate` and `ImageDecoder.size(of:)`.
/// Bytes that validate must be complete, of the sniffed format, with a header size within the limits.
///
/// Seeds: Tests/Fixtures/pngsuite Tests/Fixtures/tiles Fuzz/Seeds/JPEGDecode Fuzz/Seeds/WebPDecode
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageCheck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let bytes = input.bytes
        let complete = ImageFormat.isComplete(bytes)
        let header = try? ImageDecoder.size(of: bytes)
        let format = try ImageDecoder.validate(bytes, limits: FuzzImage.limits)
        fuzzCheck(complete, "validated but not complete")
        fuzzCheck(format == ImageFormat.sniff(bytes), "validated as \(format), sniffed as \(String(describing: ImageFormat.sniff(bytes)))")
        guard let header else { return fuzzCheck(false, "validated but its header size does not parse") }
        fuzzCheck(header.width > 0 && header.height > 0 && header.width <= FuzzImage.limits.maxSide
                  && header.height <= FuzzImage.limits.maxSide, "validated with size \(header)")
    }
}
