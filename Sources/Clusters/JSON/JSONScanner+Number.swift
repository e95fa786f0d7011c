extension JSONScanner {
    /// Reads the number at the cursor by RFC 8259's grammar (`-? (0 | [1-9][0-9]*) (.[0-9]+)?
    /// ([eE][+-]?[0-9]+)?`) into its digits and exponent, without computing its value.
    @inline(__always)
    mutating func scanDecimal() throws(JSONSyntaxError) -> DecimalNumber {
        switch readDecimal() {
        case .success(let number): return number
        case .failure(.notANumber): throw unexpected(expected: "a value")
        case .failure(let problem): throw error(problem.rawValue)
        }
    }

    /// What breaks a number's grammar.
    enum NumberProblem: String, Error {
        case notANumber = "not a number"
        case noDigitAfterMinus = "expected a digit after '-'"
        case leadingZero = "leading zero in a number"
        case noDigitAfterPoint = "expected a digit after the decimal point"
        case noDigitInExponent = "expected a digit in the exponent"
    }

    /// `scanDecimal` without building messages, for callers that only ask whether text is a number;
    /// on failure the cursor is on the offending byte.
    @inline(__always)
    mutating func readDecimal() -> Result<DecimalNumber, NumberProblem> {
        var index = position
        defer { position = index }
        let isNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        let integerStart = index
        var scanned: UInt64 = 0
        index = DecimalNumber.scanDigits(at: index, in: bytes, into: &scanned)
        switch index - integerStart {
        case 0: return .failure(isNegative ? .noDigitAfterMinus : .notANumber)
        case 1: break
        default:
            if bytes[integerStart] == UInt8(ascii: "0") {
                index = integerStart
                return .failure(.leadingZero)
            }
        }
        let integerDigits = integerStart..<index
        var fractionDigits = index..<index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let fractionStart = index + 1
            index = DecimalNumber.scanDigits(at: fractionStart, in: bytes, into: &scanned)
            guard index > fractionStart else { return .failure(.noDigitAfterPoint) }
            fractionDigits = fractionStart..<index
        }
        var number = DecimalNumber(
            integerDigits: integerDigits, fractionDigits: fractionDigits, in: bytes, isNegative: isNegative, scanned: scanned
        )
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative || (index < bytes.count && bytes[index] == UInt8(ascii: "+")) { index += 1 }
            guard digitsEnd(from: index) > index else { return .failure(.noDigitInExponent) }
            index = number.addExponent(digitsAt: index, in: bytes, isNegative: negative)
        }
        return .success(number)
    }

    /// The offset after the ASCII digits that start at `start`.
    @inline(__always)
    func digitsEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index
    }

    /// Reads the number at the cursor and returns the `Double` nearest to it, as JavaScript does
    /// (out-of-range magnitudes become ±infinity or ±0).
    @inline(__always)
    mutating func scanNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        let number = try scanDecimal()
        return number.double(text: UnsafeBufferPointer(rebasing: bytes[start..<position]))
    }

    /// Whether all of `text` is one JSON number (`29774`, `-1.5e3`; not `0012`, `+5`, `.5`, `NaN`).
    static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = JSONScanner(text)
        guard case .success = scanner.readDecimal() else { return false }
        return scanner.isAtEnd
    }
}
