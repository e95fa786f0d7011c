extension PointSet {
    /// The numeric value of each named top-level property for every point, point-major
    /// (`values[point * names.count + k]`), NaN where a point lacks it or it is not a number.
    /// Scans each point's properties text once, without building any value.
    func aggregateValues(_ names: [String]) -> [Double] {
        guard !names.isEmpty else { return [] }
        let keys = names.map { Array($0.utf8) }
        var values = [Double](repeating: .nan, count: count * names.count)
        for point in 0..<count {
            guard let text = properties.bytes(of: point) else { continue }
            text.withUnsafeBufferPointer { bytes in
                var scanner = TopLevelNumberScanner(bytes)
                scanner.scan(keys) { k, value in values[point * names.count + k] = value }
            }
        }
        return values
    }
}

/// Reads the numbers of chosen top-level members of one JSON object's text, skipping everything
/// else (nested objects, arrays, strings) without building it. The text is trusted to be valid
/// JSON (it was checked when the dataset was read); a malformed text ends the scan early.
struct TopLevelNumberScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Calls `found(k, value)` for each `k` whose key `keys[k]` names a member with a number value
    /// (several `k` may name the same key). A key written twice reports its last value last.
    mutating func scan(_ keys: [[UInt8]], found: (Int, Double) -> Void) {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return }
            guard let key = readString() else { return }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return }
            skipSpace()
            if keys.contains(key), let number = readNumber() {
                for k in keys.indices where keys[k] == key { found(k, number) }
            } else if !skipValue() {
                return
            }
            skipSpace()
            guard take(UInt8(ascii: ",")) else { return }
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpace() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
    }

    /// A string's bytes without its quotes, with the escapes a key may hold decoded.
    private mutating func readString() -> [UInt8]? {
        position += 1
        var result: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return result }
            guard byte == UInt8(ascii: "\\") else { result.append(byte); continue }
            guard position < bytes.count else { return nil }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "u"):
                guard position + 4 <= bytes.count,
                      let unit = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else { return nil }
                position += 4
                // A key that needs a surrogate pair is compared by its replacement character.
                let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                result.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: result.append(escaped)
            }
        }
        return nil
    }

    /// A number at the position, nil (position unchanged) when the value is not one.
    private mutating func readNumber() -> Double? {
        let start = position
        var end = position
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                 UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
            default:
                guard end > start, let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)) else { return nil }
                position = end
                return value
            }
        }
        guard end > start, let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)) else { return nil }
        position = end
        return value
    }

    /// Skips one value of any kind; false when the text ends or is malformed.
    private mutating func skipValue() -> Bool {
        var depth = 0
        repeat {
            guard position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                guard readString() != nil else { return false }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return true }
                depth -= 1
                position += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard depth > 0 else { return true }
                position += 1
            default:
                position += 1
            }
        } while depth > 0 || !(position < bytes.count && [UInt8(ascii: ","), UInt8(ascii: "}")].contains(bytes[position]))
        return true
    }
}
