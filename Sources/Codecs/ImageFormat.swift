/// The encoded image formats Cairn reads and writes.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case png, jpeg, webp

    /// Recognises a format from its magic number; `nil` when the bytes are none of the three.
    ///
    /// PNG: the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`; JPEG: `FF D8 FF`;
    /// WebP: `RIFF`, a 4-byte size, `WEBP`.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        bytes.withUnsafeBytes { sniff($0) }
    }

    /// Recognises a format from the first bytes in memory; see ``sniff(_:)-([UInt8])``.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + prefix.count else { return false }
            for (index, byte) in prefix.enumerated() where bytes[offset + index] != byte { return false }
            return true
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(with: Array("RIFF".utf8)), starts(with: Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }

    /// The file extensions used for this format, preferred first, lower case, without a dot.
    public var fileExtensions: [String] { self == .jpeg ? [fileExtension, "jpeg"] : [fileExtension] }

    /// The preferred file extension: `png`, `jpg` or `webp` (every tile's cache key asks for it,
    /// so it is not taken from an array made for the purpose).
    public var fileExtension: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .webp: return "webp"
        }
    }

    /// The MIME type for HTTP `Content-Type` headers.
    public var mimeType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .webp: return "image/webp"
        }
    }

    /// The format for a file extension (`png`, `jpg`, `jpeg`, `webp`), ignoring case and a leading dot.
    public init?(fileExtension: String) {
        // The names as tile paths spell them are taken as they are; others lower-cased first.
        if let format = Self.named(Substring(fileExtension)) {
            self = format
            return
        }
        var name = Substring(fileExtension.lowercased())
        if name.hasPrefix(".") { name = name.dropFirst() }
        guard let format = Self.named(name) else { return nil }
        self = format
    }

    /// The format whose ``fileExtensions`` hold `name` exactly.
    private static func named(_ name: Substring) -> ImageFormat? {
        switch name {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case "webp": return .webp
        default: return nil
        }
    }

    /// The format's usual name: `PNG`, `JPEG` or `WebP`.
    public var description: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        }
    }
}
