/// A decimal number read digit by digit from text: up to 19 significant digits and a power of ten,
/// turned into the nearest `Double` (ties to even) exactly as JavaScript and `strtod` read it.
///
/// Most numbers take Clinger's fast path (an exact integer times or over an exact power of ten) or
/// the Eisel-Lemire algorithm; the rare rest (more than 19 significant digits, subnormals) is read
/// by the standard library from the number's text.
struct DecimalNumber {
    /// The significant digits kept, as an integer.
    private(set) var significand: UInt64 = 0
    /// The power of ten the significand is multiplied by.
    private(set) var exponent = 0
    private(set) var isNegative = false
    /// How many significant digits `significand` holds (leading zeros are not counted).
    private var digitCount = 0
    /// Whether a nonzero digit was dropped after the 19th.
    private var isTruncated = false

    static let maximumDigits = 19

    init() {}

    /// Scans the ASCII digits at `start` in `text` into `value` (ten times it plus each digit,
    /// wrapping: exact while all the digits given to `value` are 19 at most); returns the index
    /// after them. Readers find a number's digits and its value in this one pass.
    @inline(__always)
    static func scanDigits(at start: Int, in text: UnsafeBufferPointer<UInt8>, into value: inout UInt64) -> Int {
        var index = start
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            index += 1
        }
        return index
    }

    /// The number whose digits are `text[integerDigits]` before the decimal point and
    /// `text[fractionDigits]` after it (ASCII digits only; the exponent is added later), and
    /// `scanned` the value ``scanDigits(at:in:into:)`` made of both.
    @inline(__always)
    init(integerDigits: Range<Int>, fractionDigits: Range<Int>, in text: UnsafeBufferPointer<UInt8>, isNegative: Bool,
         scanned: UInt64) {
        self.isNegative = isNegative
        if integerDigits.count + fractionDigits.count <= Self.maximumDigits {
            significand = scanned
            exponent = -fractionDigits.count
        } else {
            for index in integerDigits { appendIntegerDigit(text[index] &- UInt8(ascii: "0")) }
            for index in fractionDigits { appendFractionDigit(text[index] &- UInt8(ascii: "0")) }
        }
    }

    /// Adds a digit before the decimal point, keeping 19 significant digits at most.
    private mutating func appendIntegerDigit(_ digit: UInt8) {
        if significand == 0 && digit == 0 { return }
        if digitCount < Self.maximumDigits {
            significand = significand &* 10 &+ UInt64(digit)
            digitCount += 1
        } else {
            exponent += 1
            if digit != 0 { isTruncated = true }
        }
    }

    /// Adds a digit after the decimal point, keeping 19 significant digits at most.
    private mutating func appendFractionDigit(_ digit: UInt8) {
        if significand == 0 && digit == 0 {
            exponent -= 1
        } else if digitCount < Self.maximumDigits {
            significand = significand &* 10 &+ UInt64(digit)
            digitCount += 1
            exponent -= 1
        } else if digit != 0 {
            isTruncated = true
        }
    }

    /// The nearest `Double`. `text` is the number as written, read by the standard library when
    /// the fast algorithms cannot decide.
    func double(text: UnsafeBufferPointer<UInt8>) -> Double {
        if !isTruncated {
            if significand == 0 { return isNegative ? -0.0 : 0.0 }
            if significand <= 1 << 53, exponent >= -22, exponent <= 22 {
                let whole = Double(significand)
                let power = exactPowersOfTen[exponent < 0 ? -exponent : exponent]
                let value = exponent < 0 ? whole / power : whole * power
                return isNegative ? -value : value
            }
            if let value = EiselLemire.double(significand: significand, exponent: exponent) {
                return isNegative ? -value : value
            }
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// Reads the digits of an exponent at `index` in `text` (at least one there), capping the value
    /// far beyond any Double's range so that absurd exponents cannot overflow; returns the index after them.
    @inline(__always)
    mutating func addExponent(digitsAt start: Int, in text: UnsafeBufferPointer<UInt8>, isNegative: Bool) -> Int {
        var index = start
        var value = 0
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if value < 100_000 { value = value * 10 + Int(digit) }
            index += 1
        }
        exponent += isNegative ? -value : value
        return index
    }
}

/// 10⁰ … 10²², the powers of ten a `Double` holds exactly.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
