import Canvas

/// Something that turns a surface into encoded bytes of one format.
public protocol SurfaceEncoder: Sendable {
    /// The format of the bytes ``encode(_:)`` returns.
    var format: ImageFormat { get }
    /// Encodes the surface's pixels.
    func encode(_ surface: Surface) throws(CodecError) -> [UInt8]
}
