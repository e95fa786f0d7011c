/// Bounds a decoder enforces before it allocates any pixels, so that a small hostile file cannot
/// claim gigabytes of memory. Checked against the input size first, then against the header.
public struct DecodeLimits: Sendable, Equatable {
    /// The largest width or height accepted, in pixels (default 8192).
    public var maxSide: Int
    /// The largest width × height accepted (default 40 megapixels).
    public var maxPixels: Int
    /// The largest encoded input accepted, in bytes (default 32 MiB).
    public var maxInputBytes: Int

    /// Limits with the given bounds; the defaults are Cairn's.
    public init(maxSide: Int = 8192, maxPixels: Int = 40_000_000, maxInputBytes: Int = 32 << 20) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
        self.maxInputBytes = maxInputBytes
    }

    /// 8192 pixels a side, 40 megapixels, 32 MiB of input.
    public static let `default` = DecodeLimits()

    /// Throws ``CodecError/tooLarge(_:)`` when `byteCount` exceeds ``maxInputBytes``.
    public func check(byteCount: Int) throws(CodecError) {
        guard byteCount <= maxInputBytes else {
            throw .tooLarge("the input is \(Self.formatBytes(byteCount)), more than the \(Self.formatBytes(maxInputBytes)) limit")
        }
    }

    /// Throws ``CodecError/tooLarge(_:)`` when an image of this size exceeds ``maxSide`` or ``maxPixels``.
    public func check(width: Int, height: Int) throws(CodecError) {
        guard width <= maxSide, height <= maxSide else {
            throw .tooLarge("\(width)x\(height) pixels, more than \(maxSide) pixels a side")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw .tooLarge("\(width)x\(height) pixels, more than \(Self.formatMegapixels(maxPixels)) megapixels")
        }
    }

    /// "512 bytes", "32 MiB" or "40.5 MiB".
    static func formatBytes(_ count: Int) -> String {
        guard count >= 1 << 20 else { return "\(count) bytes" }
        return oneDecimal(count, unit: 1 << 20) + " MiB"
    }

    /// "40" or "12.5" megapixels.
    static func formatMegapixels(_ pixels: Int) -> String { oneDecimal(pixels, unit: 1_000_000) }

    private static func oneDecimal(_ value: Int, unit: Int) -> String {
        let tenths = (value.multipliedReportingOverflow(by: 10).partialValue + unit / 2) / unit
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
