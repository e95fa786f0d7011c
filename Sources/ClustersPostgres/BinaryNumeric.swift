import NIOCore

/// A `numeric` value in PostgreSQL's binary format: a header (digit count, weight, sign, display
/// scale) and base-10000 digits.
enum BinaryNumeric: Equatable {
    /// The decimal text PostgreSQL prints, with `dscale` digits after the point (`-12.50`).
    case finite(String)
    case notANumber
    case infinity(negative: Bool)

    init?(_ buffer: ByteBuffer) {
        var buffer = buffer
        guard let count = buffer.readInteger(as: Int16.self),
              let weight = buffer.readInteger(as: Int16.self),
              let sign = buffer.readInteger(as: UInt16.self),
              let scale = buffer.readInteger(as: Int16.self),
              count >= 0, scale >= 0,
              let digits = buffer.readInts(count: Int(count))
        else { return nil }
        switch sign {
        case 0xC000: self = .notANumber; return
        case 0xD000: self = .infinity(negative: false); return
        case 0xF000: self = .infinity(negative: true); return
        default: break
        }
        func digit(_ index: Int) -> Int16 { index >= 0 && index < digits.count ? digits[index] : 0 }

        var text = sign == 0x4000 ? "-" : ""
        if weight < 0 {
            text += "0"
        } else {
            text += String(digit(0))
            for index in stride(from: 1, through: Int(weight), by: 1) {
                text += Self.fourDigits(digit(index))
            }
        }
        if scale > 0 {
            var fraction = ""
            var index = Int(weight) + 1
            while fraction.count < Int(scale) {
                fraction += Self.fourDigits(digit(index))
                index += 1
            }
            text += "." + fraction.prefix(Int(scale))
        }
        self = .finite(text)
    }

    /// The value as a `Double`; NaN and infinities as themselves.
    var double: Double {
        switch self {
        case .finite(let text): Double(text) ?? .nan
        case .notANumber: .nan
        case .infinity(let negative): negative ? -.infinity : .infinity
        }
    }

    private static func fourDigits(_ value: Int16) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}

extension ByteBuffer {
    fileprivate mutating func readInts(count: Int) -> [Int16]? {
        var values: [Int16] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = readInteger(as: Int16.self) else { return nil }
            values.append(value)
        }
        return values
    }
}
