/// What CSV field text turns into: a coordinate, or the JSON text of an id or a property.
enum CSVFieldText {
    /// Appends `text` as JSON: `null` when empty, the text itself when it is a JSON number
    /// (`29774`, `-1.5e3`; not `0012`, `+5`, `.5`, `NaN`), else a JSON string. Returns false, having
    /// appended nothing, when the text is not well-formed UTF-8.
    static func appendJSON(_ text: UnsafeBufferPointer<UInt8>, to json: inout ByteBuffer) -> Bool {
        if text.isEmpty {
            "null".utf8.withContiguousStorageIfAvailable { json.append($0) }
            return true
        }
        if JSONScanner.isNumber(text) {
            json.append(text)
            return true
        }
        var needsEscaping = false
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { needsEscaping = true }
                index += 1
            } else if let length = UTF8Validation.sequenceLength(in: text, at: index) {
                index += length
            } else {
                return false
            }
        }
        if needsEscaping {
            var output = JSONOutput(reservingCapacity: text.count + 8)
            output.string(String(decoding: text, as: UTF8.self))
            json.append(output.bytes)
        } else {
            json.append(UInt8(ascii: "\""))
            json.append(text)
            json.append(UInt8(ascii: "\""))
        }
        return true
    }

    /// The coordinate `text` holds, or what is wrong with it. Spaces around the number are
    /// ignored, and beyond JSON's grammar a `+` sign, leading zeros, `.5` and `5.` are accepted.
    static func coordinate(_ text: UnsafeBufferPointer<UInt8>, axis: CoordinateAxis) -> Result<Double, CoordinateProblem> {
        var start = 0
        var end = text.count
        while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
        while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: text[start..<end])
        guard !trimmed.isEmpty else { return .failure(CoordinateProblem("\(axis.rawValue) is empty")) }
        guard let value = number(trimmed) else {
            return .failure(CoordinateProblem(axis.notANumber(quoted(text))))
        }
        if let problem = axis.problem(with: value, text: String(decoding: trimmed, as: UTF8.self)) {
            return .failure(CoordinateProblem(problem))
        }
        return .success(value)
    }

    /// `text` as a JSON string, cut to 40 characters: for messages.
    private static func quoted(_ text: UnsafeBufferPointer<UInt8>) -> String {
        let string = String(decoding: text, as: UTF8.self)
        var output = JSONOutput()
        output.string(string.count <= 40 ? string : string.prefix(40) + "…")
        return output.text
    }

    /// The decimal number that is all of `text`: `[+-]? digits? (. digits?)? ([eE] [+-]? digits)?`
    /// with at least one digit before the exponent.
    private static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let scanner = JSONScanner(text)
        let isNegative = text[0] == UInt8(ascii: "-")
        let integerStart = isNegative || text[0] == UInt8(ascii: "+") ? 1 : 0
        var scanned: UInt64 = 0
        var index = DecimalNumber.scanDigits(at: integerStart, in: text, into: &scanned)
        let integerDigits = integerStart..<index
        var fractionDigits = index..<index
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index = DecimalNumber.scanDigits(at: index + 1, in: text, into: &scanned)
            fractionDigits = integerDigits.upperBound + 1..<index
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return nil }
        var number = DecimalNumber(
            integerDigits: integerDigits, fractionDigits: fractionDigits, in: text, isNegative: isNegative, scanned: scanned
        )
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let negative = index < text.count && text[index] == UInt8(ascii: "-")
            if negative || (index < text.count && text[index] == UInt8(ascii: "+")) { index += 1 }
            guard scanner.digitsEnd(from: index) > index else { return nil }
            index = number.addExponent(digitsAt: index, in: text, isNegative: negative)
        }
        guard index == text.count else { return nil }
        return number.double(text: text)
    }
}

/// Why a field is not a coordinate, as the record's problem text.
struct CoordinateProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
