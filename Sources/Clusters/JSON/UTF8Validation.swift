/// Well-formed UTF-8, as the Unicode Standard's table 3-7 defines it: no overlong forms, no
/// surrogates, nothing above U+10FFFF, no truncated sequence.
enum UTF8Validation {
    /// The length of the well-formed multi-byte sequence that starts at `index` (whose byte is
    /// 0x80 or above), or nil when the bytes there are not one.
    @inline(__always)
    static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let available = bytes.count - index
        @inline(__always) func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < available && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }

    /// Whether all of `bytes` is well-formed UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
            } else if let length = sequenceLength(in: bytes, at: index) {
                index += length
            } else {
                return false
            }
        }
        return true
    }
}
