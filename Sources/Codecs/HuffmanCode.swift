/// Length-limited canonical Huffman codes for deflate (RFC 1951 §3.2.2).
///
/// Code lengths come from an ordinary Huffman tree (two-queue construction over the symbols sorted
/// by frequency), then lengths beyond the limit are clamped and the Kraft sum is rebalanced by
/// lengthening the deepest codes that are still short enough (the heuristic zlib-style encoders
/// such as miniz use). The result is always a complete prefix code when two or more symbols are
/// used; a single used symbol gets length 1 plus a second, unused, length-1 symbol so decoders
/// that reject incomplete codes accept it. Only called once per block, so it uses plain arrays.
enum HuffmanCode {
    /// Code lengths (0 for an unused symbol) for `count` symbols with the given frequencies, none longer than `limit`.
    static func lengths(frequencies: UnsafePointer<UInt32>, count: Int, limit: Int,
                        into lengths: UnsafeMutablePointer<UInt8>) {
        lengths.initialize(repeating: 0, count: count)
        var leaves: [(frequency: UInt32, symbol: Int)] = []
        leaves.reserveCapacity(count)
        for symbol in 0..<count where frequencies[symbol] > 0 {
            leaves.append((frequencies[symbol], symbol))
        }
        if leaves.isEmpty { return }
        if leaves.count == 1 {
            let symbol = leaves[0].symbol
            lengths[symbol] = 1
            lengths[symbol == 0 ? 1 : 0] = 1
            return
        }
        leaves.sort { $0.frequency != $1.frequency ? $0.frequency < $1.frequency : $0.symbol < $1.symbol }
        let n = leaves.count
        // Nodes 0..<n are the leaves in ascending weight; n..<2n-1 the internal nodes in creation order.
        var weight = [UInt64](repeating: 0, count: 2 * n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        for i in 0..<n { weight[i] = UInt64(leaves[i].frequency) }
        var nextLeaf = 0, nextInternal = n, created = n
        func takeSmallest() -> Int {
            if nextLeaf < n && (nextInternal >= created || weight[nextLeaf] <= weight[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while created < 2 * n - 1 {
            let a = takeSmallest(), b = takeSmallest()
            weight[created] = weight[a] + weight[b]
            parent[a] = created
            parent[b] = created
            created += 1
        }
        // Parents always have higher indices than their children: depths top-down in one pass.
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var lengthCounts = [Int](repeating: 0, count: limit + 1)
        for i in 0..<n { lengthCounts[min(depth[i], limit)] += 1 }
        // Rebalance: the clamped codes oversubscribe the Kraft sum; each step lowers it by one unit.
        var total = 0
        for length in 1...limit { total += lengthCounts[length] << (limit - length) }
        while total > 1 << limit {
            lengthCounts[limit] -= 1
            for length in stride(from: limit - 1, through: 1, by: -1) where lengthCounts[length] > 0 {
                lengthCounts[length] -= 1
                lengthCounts[length + 1] += 2
                break
            }
            total -= 1
        }
        // The rarest symbols get the longest codes.
        var leaf = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<lengthCounts[length] {
                lengths[leaves[leaf].symbol] = UInt8(length)
                leaf += 1
            }
        }
    }

    /// Canonical codes for the given lengths, bit-reversed so they can be written least significant bit first.
    static func codes(lengths: UnsafePointer<UInt8>, count: Int, into codes: UnsafeMutablePointer<UInt16>) {
        var lengthCounts = [UInt16](repeating: 0, count: 16)
        for symbol in 0..<count { lengthCounts[Int(lengths[symbol])] += 1 }
        lengthCounts[0] = 0
        var next = [UInt16](repeating: 0, count: 16)
        var code: UInt16 = 0
        for length in 1..<16 {
            code = (code + lengthCounts[length - 1]) << 1
            next[length] = code
        }
        for symbol in 0..<count {
            let length = Int(lengths[symbol])
            guard length > 0 else { codes[symbol] = 0; continue }
            codes[symbol] = reversed(next[length], bits: length)
            next[length] += 1
        }
    }

    /// The low `bits` bits of `code` in reverse order.
    static func reversed(_ code: UInt16, bits: Int) -> UInt16 {
        var result: UInt16 = 0, value = code
        for _ in 0..<bits {
            result = result << 1 | (value & 1)
            value >>= 1
        }
        return result
    }
}
