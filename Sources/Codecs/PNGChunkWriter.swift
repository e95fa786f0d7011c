internal import CCodecs

/// Writes PNG chunks (length, type, data, CRC-32) into a pre-sized byte buffer.
struct PNGChunkWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// The bytes a chunk with `dataCount` bytes of data occupies.
    static func size(ofChunkWith dataCount: Int) -> Int { 12 + dataCount }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    mutating func writeSignature() {
        for byte in Self.signature { append(byte) }
    }

    /// Writes one chunk; `fill` writes exactly `dataCount` bytes at the pointer it is given.
    mutating func writeChunk(_ type: StaticString, dataCount: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        appendUInt32(UInt32(dataCount))
        let start = base + count
        type.withUTF8Buffer { for byte in $0 { append(byte) } }
        fill(base + count)
        count += dataCount
        appendUInt32(cairn_png_crc32(0, start, 4 + dataCount, CAIRN_PNG_PATH_AUTO))
    }

    /// The bytes ``writeDataChunks(_:data:count:limit:sequence:)`` writes for `count` bytes of image data.
    static func size(ofDataChunks count: Int, limit: Int, sequenced: Bool) -> Int {
        let chunks = max(1, (count + limit - 1) / limit)
        return count + chunks * (sequenced ? 16 : 12)
    }

    /// Writes `count` bytes of image data as consecutive `type` chunks of at most `limit` data bytes
    /// (at least one chunk). With a `sequence` (APNG's `fdAT`), each chunk starts with that number,
    /// which then goes up by one.
    mutating func writeDataChunks(_ type: StaticString, data: UnsafePointer<UInt8>, count: Int, limit: Int,
                                  sequence: inout UInt32?) {
        var offset = 0
        repeat {
            let part = min(limit, count - offset)
            let prefix = sequence == nil ? 0 : 4
            writeChunk(type, dataCount: prefix + part) { out in
                if let number = sequence {
                    Self.store(number, at: out)
                    sequence = number + 1
                }
                (out + prefix).update(from: data + offset, count: part)
            }
            offset += part
        } while offset < count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    mutating func appendUInt32(_ value: UInt32) {
        Self.store(value, at: base + count)
        count += 4
    }

    @inline(__always)
    static func store(_ value: UInt32, at pointer: UnsafeMutablePointer<UInt8>) {
        pointer[0] = UInt8(truncatingIfNeeded: value >> 24)
        pointer[1] = UInt8(truncatingIfNeeded: value >> 16)
        pointer[2] = UInt8(truncatingIfNeeded: value >> 8)
        pointer[3] = UInt8(truncatingIfNeeded: value)
    }
}
