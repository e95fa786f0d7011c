/// Daniel Lemire's "Number Parsing at a Gigabyte per Second" (after Michael Eisel): the `Double`
/// nearest to w × 10^q from a 128-bit approximation of 5^q, as fast_float and Go's strconv do it.
enum EiselLemire {
    /// The `Double` nearest to `significand` × 10^`exponent` (a positive significand of at most 19
    /// digits), or nil in the rare cases this fast path leaves to a slower exact one.
    static func double(significand: UInt64, exponent q: Int) -> Double? {
        if q < PowersOfFive.smallestExponent { return 0 }
        if q > PowersOfFive.largestExponent { return .infinity }
        let leadingZeros = significand.leadingZeroBitCount
        let w = significand << UInt64(leadingZeros)
        let index = 2 * (q - PowersOfFive.smallestExponent)
        let (high, low) = PowersOfFive.table.withUnsafeBufferPointer { table -> (UInt64, UInt64) in
            var product = w.multipliedFullWidth(by: table[index])
            if product.high & 0x1FF == 0x1FF {
                let second = w.multipliedFullWidth(by: table[index + 1])
                let (sum, carry) = product.low.addingReportingOverflow(second.high)
                product = (carry ? product.high &+ 1 : product.high, sum)
            }
            return (product.high, product.low)
        }
        if low == .max && !(-27...55).contains(q) { return nil }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 64 - 52 - 3)
        var mantissa = high >> shift
        var power2 = ((217_706 &* q) >> 16) + 63 + upperBit - leadingZeros + 1023
        if power2 <= 0 { return nil }
        if low <= 1, (-4...23).contains(q), mantissa & 3 == 1, mantissa << shift == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 2 << 52 {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        if power2 >= 0x7FF { return .infinity }
        return Double(bitPattern: UInt64(power2) << 52 | mantissa)
    }
}
