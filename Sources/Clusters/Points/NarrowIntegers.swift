/// Non-negative integers (offsets into a text, cluster ids), 4 bytes each while every one fits
/// 32 bits, 8 after.
struct NarrowIntegers: Sendable {
    private var narrow: [UInt32] = []
    private var wide: [Int] = []
    private var isWide = false

    var count: Int { isWide ? wide.count : narrow.count }
    var isEmpty: Bool { count == 0 }

    init() {}

    init(_ offsets: [Int]) {
        if let last = offsets.max(), last > Int(UInt32.max) {
            isWide = true
            wide = offsets
        } else {
            narrow = offsets.map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    mutating func append(_ offset: Int) {
        if !isWide, offset <= Int(UInt32.max) {
            narrow.append(UInt32(truncatingIfNeeded: offset))
            return
        }
        if !isWide {
            isWide = true
            wide.reserveCapacity(Swift.max(narrow.capacity, narrow.count + 1))
            wide.append(contentsOf: narrow.lazy.map { Int($0) })
            narrow = []
        }
        wide.append(offset)
    }

    mutating func reserve(_ more: Int) {
        if isWide { wide.reserveCapacity(wide.count + more) } else { narrow.reserveCapacity(narrow.count + more) }
    }

    @inline(__always)
    subscript(index: Int) -> Int { isWide ? wide[index] : Int(narrow[index]) }

    var byteCount: Int { narrow.count * 4 + wide.count * 8 }
}
