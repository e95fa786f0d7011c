extension TileListFile {
    /// The tile on one line, nil for a blank or comment line: `z/x/y`, `z x y` or `z,x,y`, an
    /// optional extension after the row (`3/4/2.png`), an optional `#` comment.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(TileID.Invalid) -> TileID? {
        var numbers = (0, 0, 0)
        var found = 0, digits = 0
        var index = 0
        func fail() -> TileID.Invalid {
            TileID.Invalid(problem: "'\(String(decoding: line, as: UTF8.self))' is not z/x/y")
        }
        while index < line.count {
            let byte = line[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard found < 3, digits < 10 else { throw fail() }
                let digit = Int(byte - UInt8(ascii: "0"))
                switch found {
                case 0: numbers.0 = numbers.0 * 10 + digit
                case 1: numbers.1 = numbers.1 * 10 + digit
                default: numbers.2 = numbers.2 * 10 + digit
                }
                digits += 1
            case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                if digits > 0 { found += 1; digits = 0 }
            case UInt8(ascii: "#"):
                index = line.count
                continue
            case UInt8(ascii: "."):
                // An extension after the row (`3/4/2.png`) ends the tile.
                guard found == 2, digits > 0 else { throw fail() }
                found = 3; digits = 0
                index = line.count
                continue
            default:
                throw fail()
            }
            index += 1
        }
        if digits > 0 { found += 1 }
        if found == 0 { return nil }
        guard found == 3 else { throw fail() }
        return try TileID(z: numbers.0, x: numbers.1, y: numbers.2)
    }
}
