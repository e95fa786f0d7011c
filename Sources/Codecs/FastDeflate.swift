internal import CCodecs

/// A two-pass-per-block zlib compressor for filtered PNG scanlines, in the style of fpng/fpnge.
///
/// The input is split into blocks of ``blockSize`` bytes. For each block, pass 1 counts a histogram
/// of literals and matches: a byte followed by at least ``minimumRun`` copies of itself becomes the
/// literal plus one distance-1 match, and 8 or more bytes equal to those one scanline up (when
/// `rowBytes` is given and within the 32 KiB window) become one match at that distance. It then
/// builds length-limited (15-bit) canonical Huffman codes and pass 2 writes one dynamic-Huffman
/// deflate block, three literals per bit-buffer flush where no match can start — or a stored
/// block when that is smaller, so incompressible data costs at most 5 bytes per 64 KiB more than
/// its size. No hash tables or match search beyond those two checks; both passes make exactly the
/// same decisions (``threeLiterals(_:at:rowDistance:)`` and ``step(_:at:end:rowDistance:)``).
/// The output is deterministic and depends only on the input bytes and `rowBytes`.
enum FastDeflate {
    /// Input bytes per deflate block: each block gets its own Huffman codes.
    static let blockSize = 1 << 17
    /// The shortest run of a repeated byte (after its first occurrence) written as a match.
    static let minimumRun = 4

    /// The largest zlib stream ``compress(_:count:rowBytes:into:)`` can write for `count` input bytes, plus
    /// the 8 bytes of slack the bit writer needs.
    static func bound(_ count: Int) -> Int {
        let blocks = max(1, (count + blockSize - 1) / blockSize)
        // zlib header + Adler-32, and per block: stored headers (5 bytes per 65535) plus alignment.
        return 2 + 4 + count + blocks * (5 * ((blockSize + 65534) / 65535) + 2) + 16
    }

    /// Compresses `count` bytes at `input` as a zlib stream at `output` (``bound(_:)`` bytes); returns its size.
    /// `rowBytes` (a filtered scanline with its filter byte; 0 for none) enables matches one row up.
    static func compress(_ input: UnsafePointer<UInt8>, count: Int, rowBytes: Int = 0,
                         into output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = 0x78  // deflate, 32 KiB window
        output[1] = 0x01  // fastest, no dictionary; 0x7801 is a multiple of 31
        var writer = BitWriter(output + 2)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Tables.scratchWords) { scratch in
            let tables = Tables(scratch.baseAddress!)
            var start = 0
            repeat {
                let end = min(count, start + blockSize)
                writeBlock(input, start: start, end: end, final: end == count, rowBytes: rowBytes, tables: tables,
                           writer: &writer)
                start = end
            } while start < count
        }
        writer.alignToByte()
        let adler = libdeflate_adler32(1, input, count)
        for shift in [24, 16, 8, 0] { writer.write(UInt64((adler >> UInt32(shift)) & 0xFF), bits: 8) }
        return writer.count(from: output)
    }

    // MARK: Blocks

    /// Per-block working memory carved from one stack allocation.
    private struct Tables {
        static let scratchWords = 286 + 19 + 256 + 259 + 160 + 160
        /// Literal/length frequencies (286), then code-length-code frequencies (19).
        let frequencies: UnsafeMutablePointer<UInt32>
        /// Literal codes: reversed code in the low 24 bits, length in the high 8.
        let literals: UnsafeMutablePointer<UInt32>
        /// Match codes by length (3…258): length code, extra bits and the distance-1 code, packed the same way.
        let matches: UnsafeMutablePointer<UInt32>
        /// Code lengths: 286 literal/length, 2 unused, then 19 for the code-length code (bytes).
        let lengths: UnsafeMutablePointer<UInt8>
        /// Canonical codes for the literal/length (286) and code-length (19) alphabets.
        let codes: UnsafeMutablePointer<UInt16>

        init(_ words: UnsafeMutablePointer<UInt32>) {
            frequencies = words
            literals = words + 305
            matches = words + 561
            lengths = UnsafeMutableRawPointer(words + 820).assumingMemoryBound(to: UInt8.self)
            codes = UnsafeMutableRawPointer(words + 980).assumingMemoryBound(to: UInt16.self)
        }
    }

    /// Deflate length symbols 257…285: base lengths and extra bits (RFC 1951 §3.2.5).
    private static let lengthBases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                             67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtraBits: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                                 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// For each match length 0…258: its length symbol index (0…28), -1 below 3.
    private static let lengthSymbol: [Int] = {
        var table = [Int](repeating: -1, count: 259)
        for (index, base) in lengthBases.enumerated() {
            let last = index + 1 < lengthBases.count ? lengthBases[index + 1] - 1 : 258
            for length in base...last { table[length] = index }
        }
        table[258] = 28
        return table
    }()
    /// The order code-length code lengths are written in.
    private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Whether positions `i`, `i + 1` and `i + 2` all start plain literals: none of their bytes is
    /// followed by ``minimumRun`` (4) copies of itself and (from `rowDistance` on) bytes `i + 2…i + 7`
    /// are not all equal to the bytes one row up, so no row match can start there either.
    /// Needs `i + 8 <= end`. Conservative for row matches: `false` only sends the caller to ``step``.
    @inline(__always)
    private static func threeLiterals(_ input: UnsafePointer<UInt8>, at i: Int, rowDistance: Int) -> (Bool, UInt64) {
        let word = UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self)
        let differences = word ^ (word &>> 8)  // byte k is zero when bytes k and k + 1 are equal
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let nonzero = (((differences & low) &+ low) | differences) & 0x8080_8080_8080_8080
        let equal = ~nonzero & 0x0080_8080_8080_8080  // bytes 0…6
        let starts = equal & (equal &>> 8) & (equal &>> 16) & (equal &>> 24)
        if starts & 0x0080_8080 != 0 { return (false, word) }
        if i &+ 2 >= rowDistance {
            if i < rowDistance { return (false, word) }
            let above = UnsafeRawPointer(input + (i &- rowDistance)).loadUnaligned(as: UInt64.self)
            if (word ^ above) & 0xFFFF_FFFF_FFFF_0000 == 0 { return (false, word) }
        }
        return (true, word)
    }

    /// The exact decision at one position: a row match of `length` bytes (`row` true, ≥ 8 bytes,
    /// distance `rowDistance`), or the literal at `i` followed by a distance-1 run of `length` bytes
    /// (`length` 0 when shorter than ``minimumRun``).
    @inline(__always)
    private static func step(_ input: UnsafePointer<UInt8>, at i: Int, end: Int, rowDistance: Int) -> (row: Bool, length: Int) {
        if i >= rowDistance && i &+ 8 <= end {
            let here = input + i, above = input + (i &- rowDistance)
            if UnsafeRawPointer(here).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(above).loadUnaligned(as: UInt64.self) {
                let limit = min(end &- i, 258)
                var length = 8
                while length &+ 8 <= limit {
                    let difference = UnsafeRawPointer(here + length).loadUnaligned(as: UInt64.self)
                        ^ UnsafeRawPointer(above + length).loadUnaligned(as: UInt64.self)
                    if difference != 0 { return (true, length &+ difference.trailingZeroBitCount &>> 3) }
                    length &+= 8
                }
                while length < limit && here[length] == above[length] { length &+= 1 }
                return (true, length)
            }
        }
        let byte = input[i]
        let limit = min(end, i &+ 259)
        var j = i &+ 1
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        while j &+ 8 <= limit {
            let difference = UnsafeRawPointer(input + j).loadUnaligned(as: UInt64.self) ^ pattern
            if difference != 0 {
                j &+= difference.trailingZeroBitCount &>> 3
                let run = j &- i &- 1
                return (false, run >= minimumRun ? run : 0)
            }
            j &+= 8
        }
        while j < limit && input[j] == byte { j &+= 1 }
        let run = j &- i &- 1
        return (false, run >= minimumRun ? run : 0)
    }

    /// The distance code (0…29) for a distance (1…32768) and its extra bits' count and value.
    private static func distanceCode(_ distance: Int) -> (code: Int, extraBits: Int, extra: Int) {
        var code = 0
        while code + 1 < distanceBases.count && distanceBases[code + 1] <= distance { code += 1 }
        return (code, distanceExtraBits[code], distance - distanceBases[code])
    }

    private static let distanceBases: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                               513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtraBits: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9,
                                                   10, 10, 11, 11, 12, 12, 13, 13]

    private static func writeBlock(_ input: UnsafePointer<UInt8>, start: Int, end: Int, final: Bool, rowBytes: Int,
                                   tables: Tables, writer: inout BitWriter) {
        let frequencies = tables.frequencies
        frequencies.initialize(repeating: 0, count: 286 + 19)
        // Row matches at distance `rowBytes` when that fits the 32 KiB window; Int.max disables them.
        let rowDistance = rowBytes >= 2 && rowBytes <= 32768 ? rowBytes : Int.max
        // Pass 1: histogram, with exactly the decisions pass 2 makes.
        var runFrequencies = [UInt32](repeating: 0, count: 2 * 259)  // distance 1, then row matches
        runFrequencies.withUnsafeMutableBufferPointer { runs in
            let runs = runs.baseAddress!
            var i = start
            let wideEnd = end &- 8
            while i < end {
                while i <= wideEnd {
                    let (plain, word) = threeLiterals(input, at: i, rowDistance: rowDistance)
                    guard plain else { break }
                    frequencies[Int(truncatingIfNeeded: word & 0xFF)] &+= 1
                    frequencies[Int(truncatingIfNeeded: (word &>> 8) & 0xFF)] &+= 1
                    frequencies[Int(truncatingIfNeeded: (word &>> 16) & 0xFF)] &+= 1
                    i &+= 3
                }
                guard i < end else { break }
                let (row, length) = step(input, at: i, end: end, rowDistance: rowDistance)
                if row {
                    runs[259 &+ length] &+= 1
                    i &+= length
                } else {
                    frequencies[Int(input[i])] &+= 1
                    runs[length] &+= 1
                    i &+= length &+ 1
                }
            }
        }
        runFrequencies[0] = 0
        let row = rowDistance == Int.max ? (code: 1, extraBits: 0, extra: 0) : distanceCode(rowDistance)
        var extraBitsTotal = 0
        for length in 3...258 {
            let symbol = lengthSymbol[length]
            let runs = runFrequencies[length], rows = runFrequencies[259 + length]
            frequencies[257 + symbol] &+= runs &+ rows
            extraBitsTotal += Int(runs) * (lengthExtraBits[symbol] + 1) + Int(rows) * (lengthExtraBits[symbol] + 1 + row.extraBits)
        }
        frequencies[256] = 1
        let lengths = tables.lengths, codes = tables.codes
        HuffmanCode.lengths(frequencies: frequencies, count: 286, limit: 15, into: lengths)
        var literalCount = 286
        while lengths[literalCount - 1] == 0 { literalCount -= 1 }
        // Distance codes: 0 (distance 1) and the row distance's, one bit each (a complete code).
        let distanceCount = row.code + 1

        // The code-length sequence, run-length coded (symbols 16, 17, 18).
        var sequence: [(symbol: UInt8, extra: UInt8)] = []
        sequence.reserveCapacity(literalCount + distanceCount)
        var all = [UInt8](repeating: 0, count: literalCount + distanceCount)
        for i in 0..<literalCount { all[i] = lengths[i] }
        all[literalCount] = 1
        all[literalCount + row.code] = 1
        var i = 0
        while i < all.count {
            let length = all[i]
            var run = 1
            while i + run < all.count && all[i + run] == length { run += 1 }
            i += run
            if length == 0 {
                while run >= 11 { let n = min(run, 138); sequence.append((18, UInt8(n - 11))); run -= n }
                if run >= 3 { sequence.append((17, UInt8(run - 3))); run = 0 }
                while run > 0 { sequence.append((0, 0)); run -= 1 }
            } else {
                sequence.append((length, 0))
                run -= 1
                while run >= 3 { let n = min(run, 6); sequence.append((16, UInt8(n - 3))); run -= n }
                while run > 0 { sequence.append((length, 0)); run -= 1 }
            }
        }
        let codeLengthFrequencies = frequencies + 286
        for entry in sequence { codeLengthFrequencies[Int(entry.symbol)] += 1 }
        let codeLengthLengths = lengths + 288, codeLengthCodes = codes + 286
        HuffmanCode.lengths(frequencies: codeLengthFrequencies, count: 19, limit: 7, into: codeLengthLengths)
        HuffmanCode.codes(lengths: codeLengthLengths, count: 19, into: codeLengthCodes)
        var headerCount = 19
        while headerCount > 4 && codeLengthLengths[codeLengthOrder[headerCount - 1]] == 0 { headerCount -= 1 }

        // Exact sizes of both choices, in bits.
        var dynamicBits = 3 + 5 + 5 + 4 + 3 * headerCount + extraBitsTotal
        for entry in sequence {
            dynamicBits += Int(codeLengthLengths[Int(entry.symbol)])
                + (entry.symbol == 16 ? 2 : entry.symbol == 17 ? 3 : entry.symbol == 18 ? 7 : 0)
        }
        for symbol in 0..<286 { dynamicBits += Int(frequencies[symbol]) * Int(lengths[symbol]) }
        let size = end - start
        let storedBits = 8 * (size + 5 * ((size + 65534) / 65535)) + 8
        if dynamicBits >= storedBits {
            writeStored(input + start, count: size, final: final, writer: &writer)
            return
        }

        // Header.
        writer.write(final ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)
        writer.write(UInt64(literalCount - 257), bits: 5)
        writer.write(UInt64(distanceCount - 1), bits: 5)
        writer.write(UInt64(headerCount - 4), bits: 4)
        for k in 0..<headerCount { writer.write(UInt64(codeLengthLengths[codeLengthOrder[k]]), bits: 3) }
        for entry in sequence {
            let symbol = Int(entry.symbol)
            writer.write(UInt64(codeLengthCodes[symbol]), bits: UInt64(codeLengthLengths[symbol]))
            switch symbol {
            case 16: writer.write(UInt64(entry.extra), bits: 2)
            case 17: writer.write(UInt64(entry.extra), bits: 3)
            case 18: writer.write(UInt64(entry.extra), bits: 7)
            default: break
            }
        }

        // Packed code tables.
        HuffmanCode.codes(lengths: lengths, count: 286, into: codes)
        let literals = tables.literals, matches = tables.matches
        for byte in 0..<256 { literals[byte] = UInt32(codes[byte]) | UInt32(lengths[byte]) << 24 }
        for length in 3...258 {
            let symbol = lengthSymbol[length]
            let codeLength = UInt32(lengths[257 + symbol])
            let extraBits = UInt32(lengthExtraBits[symbol])
            let extra = UInt32(length - lengthBases[symbol])
            // length code, then its extra bits (the distance follows)
            matches[length] = (UInt32(codes[257 + symbol]) | extra << codeLength) | (codeLength + extraBits) << 24
        }

        // Pass 2: the data.
        let rowDistanceBits = UInt64(1 | row.extra << 1), rowDistanceCount = UInt64(1 + row.extraBits)
        var i2 = start
        var bits = writer
        let wideEnd = end &- 8
        while i2 < end {
            while i2 <= wideEnd {
                let (plain, word) = threeLiterals(input, at: i2, rowDistance: rowDistance)
                guard plain else { break }
                let a = literals[Int(truncatingIfNeeded: word & 0xFF)]
                let b = literals[Int(truncatingIfNeeded: (word &>> 8) & 0xFF)]
                let c = literals[Int(truncatingIfNeeded: (word &>> 16) & 0xFF)]
                let aBits = UInt64(a &>> 24), bBits = UInt64(b &>> 24), cBits = UInt64(c &>> 24)
                let codes = UInt64(a & 0xFF_FFFF) | UInt64(b & 0xFF_FFFF) &<< aBits
                    | UInt64(c & 0xFF_FFFF) &<< (aBits &+ bBits)
                bits.write(codes, bits: aBits &+ bBits &+ cBits)
                i2 &+= 3
            }
            guard i2 < end else { break }
            let (isRow, length) = step(input, at: i2, end: end, rowDistance: rowDistance)
            if isRow {
                let match = matches[length]
                let count = UInt64(match >> 24)
                bits.write(UInt64(match & 0xFF_FFFF) | rowDistanceBits &<< count, bits: count &+ rowDistanceCount)
                i2 &+= length
                continue
            }
            let literal = literals[Int(input[i2])]
            bits.write(UInt64(literal & 0xFF_FFFF), bits: UInt64(literal >> 24))
            if length > 0 {
                let match = matches[length]
                bits.write(UInt64(match & 0xFF_FFFF), bits: UInt64(match >> 24) &+ 1)  // + distance code 0: bit 0
            }
            i2 &+= length &+ 1
        }
        let endOfBlock = UInt32(codes[256]) | UInt32(lengths[256]) << 24
        bits.write(UInt64(endOfBlock & 0xFF_FFFF), bits: UInt64(endOfBlock >> 24))
        writer = bits
    }

    /// Writes `count` bytes as stored blocks of at most 65535 bytes each.
    private static func writeStored(_ input: UnsafePointer<UInt8>, count: Int, final: Bool, writer: inout BitWriter) {
        var offset = 0
        repeat {
            let n = min(65535, count - offset)
            let last = offset + n == count
            writer.write(final && last ? 1 : 0, bits: 3)  // BFINAL, BTYPE 00
            writer.alignToByte()
            writer.write(UInt64(n), bits: 16)
            writer.write(UInt64(~n & 0xFFFF), bits: 16)
            writer.copy(input + offset, count: n)
            offset += n
        } while offset < count
    }
}
