import CPNGReference

/// Decodes a PNG through libpng's simplified API, a path independent of ``ImageDecoder``
/// (see `png_reference_decode`), for the tests to compare against.
enum PNGReference {
    struct Image {
        var width: Int
        var height: Int
        /// `width * height * 4` samples, R, G, B, A: straight 8-bit values, or premultiplied
        /// 16-bit ones (0…65535) from ``decodeLinear16(_:)``.
        var samples: [UInt16]
    }

    /// 8-bit straight-alpha RGBA; meant for 1- to 8-bit files without gamma chunks.
    static func decode(_ bytes: [UInt8]) -> Image? {
        decode(bytes, linear16: false, UInt8.self)
    }

    /// 16-bit premultiplied RGBA; meant for 16-bit files without gamma chunks.
    static func decodeLinear16(_ bytes: [UInt8]) -> Image? {
        decode(bytes, linear16: true, UInt16.self)
    }

    private static func decode<Sample: FixedWidthInteger>(_ bytes: [UInt8], linear16: Bool, _: Sample.Type) -> Image? {
        bytes.withUnsafeBufferPointer { input -> Image? in
            var width: UInt32 = 0, height: UInt32 = 0
            guard png_reference_decode(input.baseAddress, input.count, 0, nil, &width, &height) == 0 else { return nil }
            var samples = [Sample](repeating: 0, count: Int(width) * Int(height) * 4)
            let status = samples.withUnsafeMutableBytes {
                png_reference_decode(input.baseAddress, input.count, linear16 ? 1 : 0, $0.baseAddress, &width, &height)
            }
            guard status == 0 else { return nil }
            return Image(width: Int(width), height: Int(height), samples: samples.map { UInt16($0) })
        }
    }
}
