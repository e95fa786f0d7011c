/// Why an image could not be decoded or encoded.
///
/// ``description`` is a short lower-case phrase meant to follow `error: <file>: ` on a command line.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input has no bytes at all.
    case empty
    /// The bytes are not a PNG, JPEG or WebP image.
    case unknownFormat
    /// The data claims to be `format` but is malformed or truncated; `reason` says what is wrong.
    case corrupt(ImageFormat, String)
    /// Well-formed, but uses a feature Cairn does not decode (an animated WebP, for example).
    case unsupported(ImageFormat, String)
    /// The input or the image it describes exceeds the ``DecodeLimits``, or memory ran out.
    case tooLarge(String)
    /// An encoder failed; `reason` says why.
    case encodeFailed(String)

    /// A short phrase such as `corrupt PNG image: IDAT: CRC error`.
    public var description: String {
        switch self {
        case .empty: return "the input is empty"
        case .unknownFormat: return "not a PNG, JPEG or WebP image"
        case .corrupt(let format, let reason): return "corrupt \(format) image: \(reason)"
        case .unsupported(let format, let reason): return "unsupported \(format) image: \(reason)"
        case .tooLarge(let reason): return "image too large: \(reason)"
        case .encodeFailed(let reason): return "cannot encode the image: \(reason)"
        }
    }
}

extension CodecError {
    /// A C library's message as a phrase: no trailing full stop or newline, and the first word lowered
    /// when it is an ordinary capitalised word ("Not enough…" but not "IDAT: …" or "WebP …").
    static func phrase(_ text: String) -> String {
        let trimmed = text.trimmingSuffix(while: { $0 == "." || $0 == "\n" || $0 == " " })
        guard let first = trimmed.first else { return "unknown error" }
        let word = trimmed.prefix(while: { $0.isLetter }).dropFirst()
        guard first.isUppercase, !word.isEmpty, word.allSatisfy(\.isLowercase) else { return trimmed }
        return first.lowercased() + trimmed.dropFirst()
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var result = Substring(self)
        while let last = result.last, predicate(last) { result = result.dropLast() }
        return String(result)
    }
}
