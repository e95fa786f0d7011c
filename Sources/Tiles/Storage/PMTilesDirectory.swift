/// A directory's entries in their serialized form (before compression): the count, then each
/// column in turn — tile ids as deltas, run lengths, lengths, and offsets as 0 when an entry's
/// bytes follow the previous entry's directly, else offset + 1. All numbers are varints.
enum PMTilesDirectory {
    static func encode(_ entries: ArraySlice<PMTilesEntry>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 6 + 10)
        PMTilesVarint.append(UInt64(entries.count), to: &bytes)
        var previousID: UInt64 = 0
        for entry in entries {
            PMTilesVarint.append(entry.tileID - previousID, to: &bytes)
            previousID = entry.tileID
        }
        for entry in entries { PMTilesVarint.append(UInt64(entry.runLength), to: &bytes) }
        for entry in entries { PMTilesVarint.append(UInt64(entry.length), to: &bytes) }
        var previous: PMTilesEntry?
        for entry in entries {
            if let previous, entry.offset == previous.offset + UInt64(previous.length) {
                PMTilesVarint.append(0, to: &bytes)
            } else {
                PMTilesVarint.append(entry.offset + 1, to: &bytes)
            }
            previous = entry
        }
        return bytes
    }

    /// The entries of a serialized directory; throws when the count is more than the bytes can
    /// hold, a number overflows, tile ids do not increase, a length is 0 or bytes are left over.
    static func decode(_ bytes: [UInt8]) throws(PMTilesError) -> [PMTilesEntry] {
        var cursor = PMTilesByteCursor(bytes)
        let count = try cursor.varint()
        // Every entry takes at least one byte in each of the four columns.
        guard count <= UInt64(cursor.remaining / 4) else {
            throw PMTilesError("directory claims \(count) entries in \(bytes.count) bytes")
        }
        var entries = [PMTilesEntry](repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var id: UInt64 = 0
        for index in entries.indices {
            let delta = try cursor.varint()
            guard index == 0 || delta > 0 else { throw PMTilesError("directory tile ids do not increase") }
            let (sum, overflow) = id.addingReportingOverflow(delta)
            guard !overflow else { throw PMTilesError("directory tile id overflows") }
            id = sum
            entries[index].tileID = id
        }
        for index in entries.indices {
            let run = try cursor.varint()
            guard run <= UInt64(UInt32.max) else { throw PMTilesError("run length \(run) is too large") }
            entries[index].runLength = UInt32(run)
        }
        for index in entries.indices {
            let length = try cursor.varint()
            guard length > 0, length <= UInt64(UInt32.max) else { throw PMTilesError("entry length \(length) is invalid") }
            entries[index].length = UInt32(length)
        }
        for index in entries.indices {
            let value = try cursor.varint()
            if value == 0 {
                guard index > 0 else { throw PMTilesError("the first entry has no offset") }
                let previous = entries[index - 1]
                entries[index].offset = previous.offset + UInt64(previous.length)
            } else {
                guard value - 1 < 1 << 62 else { throw PMTilesError("entry offset \(value - 1) is past any possible end") }
                entries[index].offset = value - 1
            }
        }
        guard cursor.remaining == 0 else { throw PMTilesError("\(cursor.remaining) bytes left after the directory") }
        return entries
    }
}
