@testable import Codecs

/// An APNG's chunks read back for tests: types, data, CRCs, and the `fcTL` fields.
struct APNGChunks {
    struct Chunk {
        var type: String
        var data: [UInt8]
        /// True when the stored CRC equals the one ``PNGBytes/chunk(_:_:)`` computes independently.
        var crcMatches: Bool
    }

    /// One `fcTL`.
    struct FrameControl: Equatable {
        var sequence: UInt32, width: UInt32, height: UInt32, x: UInt32, y: UInt32
        var delayNumerator: UInt16, delayDenominator: UInt16, dispose: UInt8, blend: UInt8
    }

    var chunks: [Chunk] = []

    init(_ png: [UInt8]) {
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(PNGBytes.bigEndianValue(png, at: offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(png[(offset + 8)..<(offset + 8 + length)])
            let stored = Array(png[(offset + 8 + length)..<(offset + 12 + length)])
            chunks.append(Chunk(type: type, data: data, crcMatches: PNGBytes.chunk(type, data).suffix(4).elementsEqual(stored)))
            offset += 12 + length
        }
    }

    var types: [String] { chunks.map(\.type) }

    /// The `num_frames` and `num_plays` of `acTL`.
    var animationControl: (frames: UInt32, plays: UInt32)? {
        chunks.first { $0.type == "acTL" }.map { (PNGBytes.bigEndianValue($0.data, at: 0), PNGBytes.bigEndianValue($0.data, at: 4)) }
    }

    var frameControls: [FrameControl] {
        chunks.filter { $0.type == "fcTL" }.map { chunk in
            let d = chunk.data
            func u16(_ i: Int) -> UInt16 { UInt16(d[i]) << 8 | UInt16(d[i + 1]) }
            return FrameControl(sequence: PNGBytes.bigEndianValue(d, at: 0), width: PNGBytes.bigEndianValue(d, at: 4),
                                height: PNGBytes.bigEndianValue(d, at: 8), x: PNGBytes.bigEndianValue(d, at: 12),
                                y: PNGBytes.bigEndianValue(d, at: 16), delayNumerator: u16(20), delayDenominator: u16(22),
                                dispose: d[24], blend: d[25])
        }
    }

    /// The sequence numbers of `fcTL` and `fdAT` chunks, in file order.
    var sequenceNumbers: [UInt32] {
        chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { PNGBytes.bigEndianValue($0.data, at: 0) }
    }
}
