/// The 128 most significant bits of 5^q for q in -342...308, two words per power (high, low), the
/// table the Eisel-Lemire algorithm multiplies by. It is computed once, on first use, with exact
/// integer arithmetic (fast_float's table-generation rule), rather than pasted in as 1 302 constants.
enum PowersOfFive {
    static let smallestExponent = -342
    static let largestExponent = 308

    static let table: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 2 * (largestExponent - smallestExponent + 1))
        func store(_ q: Int, _ words: (high: UInt64, low: UInt64)) {
            table[2 * (q - smallestExponent)] = words.high
            table[2 * (q - smallestExponent) + 1] = words.low
        }
        // q ≥ 0: 5^q itself, its top bit moved to bit 127 and the bits below the 128th dropped.
        var power = Natural(1)
        for q in 0...largestExponent {
            store(q, power.top128Bits())
            power.multiply(by: 5)
        }
        // q < 0: floor(2^b / 5^-q) + 1 for b = z + 127 (q ≥ -27) or 2z + 128, z the bit width of
        // 5^-q, truncated to 128 bits. floor(2^b / 5^n) is floor(2^B / 5^n) shifted right by B - b,
        // and floor(2^B / 5^n) is 2^B divided by 5 n times.
        let scale = 1_800
        var scaled = Natural(powerOfTwo: scale)
        power = Natural(1)
        for n in 1...(-smallestExponent) {
            scaled.divide(by: 5)
            power.multiply(by: 5)
            let z = power.bitWidth
            let b = n <= 27 ? z + 127 : 2 * z + 128
            var reciprocal = scaled.shiftedRight(by: scale - b)
            reciprocal.addOne()
            store(-n, reciprocal.top128Bits())
        }
        return table
    }()
}

/// A nonnegative integer of any size, with just what the table needs.
private struct Natural {
    /// 32-bit limbs, least significant first.
    private var limbs: [UInt32]

    init(_ value: UInt32) { limbs = [value] }

    init(powerOfTwo exponent: Int) {
        limbs = [UInt32](repeating: 0, count: exponent / 32 + 1)
        limbs[exponent / 32] = 1 << UInt32(exponent % 32)
    }

    private init(limbs: [UInt32]) { self.limbs = limbs }

    var bitWidth: Int {
        guard let top = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
        return top * 32 + 32 - limbs[top].leadingZeroBitCount
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func divide(by divisor: UInt32) {
        var remainder: UInt64 = 0
        for index in limbs.indices.reversed() {
            let current = remainder << 32 | UInt64(limbs[index])
            limbs[index] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
    }

    mutating func addOne() {
        for index in limbs.indices {
            limbs[index] &+= 1
            if limbs[index] != 0 { return }
        }
        limbs.append(1)
    }

    func bit(_ position: Int) -> UInt64 {
        guard position >= 0, position / 32 < limbs.count else { return 0 }
        return UInt64(limbs[position / 32] >> UInt32(position % 32) & 1)
    }

    func shiftedRight(by count: Int) -> Natural {
        let width = bitWidth
        guard count < width else { return Natural(0) }
        var result = [UInt32](repeating: 0, count: (width - count) / 32 + 1)
        for position in 0..<(width - count) where bit(position + count) == 1 {
            result[position / 32] |= 1 << UInt32(position % 32)
        }
        return Natural(limbs: result)
    }

    /// The number moved so that its top bit is bit 127, bits shifted out below dropped.
    func top128Bits() -> (high: UInt64, low: UInt64) {
        let start = bitWidth - 128
        var high: UInt64 = 0
        var low: UInt64 = 0
        for offset in 0..<64 {
            low |= bit(start + offset) << UInt64(offset)
            high |= bit(start + 64 + offset) << UInt64(offset)
        }
        return (high, low)
    }
}
