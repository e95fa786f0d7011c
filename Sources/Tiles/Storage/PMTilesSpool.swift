import Foundation

/// The tiles of a PMTiles archive being written, on disk beside it (`.NAME.pmtiles.spool`) until
/// the archive is laid out: an append-only log of records — tile id, offset of the tile's bytes
/// in the spool, length — each followed by the bytes when they are new. Identical bytes are
/// stored once (by ``ContentHash``); memory holds one small record per tile and one hash per
/// distinct content. The log is self-describing, so a run that was killed leaves a spool that
/// `--resume` reads back (up to its last whole record).
final class PMTilesSpool {
    struct Record {
        var tileID: UInt64
        var offset: UInt64
        var length: UInt32
    }

    let path: String
    private let descriptor: Int32
    private(set) var records: [Record] = []
    private var contents: [ContentHash: UInt64] = [:]
    private var end: UInt64 = 0
    /// True while every tile so far starts with the gzip magic number.
    private(set) var allGzipped = true
    static let recordSize = 20

    /// Opens the spool at `path`, empty, or read back when `recover` is set; locks it so that two
    /// runs cannot write the same archive.
    init(path: String, recover: Bool) throws(PMTilesError) {
        self.path = path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PMTilesError("\(path): \(String(cString: strerror(errno)))", kind: .io) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw PMTilesError("\(path): another run is writing this archive", kind: .io)
        }
        descriptor = fd
        if recover { try readBack() }
        guard ftruncate(fd, off_t(end)) == 0 else { throw PMTilesError("\(path): \(String(cString: strerror(errno)))", kind: .io) }
    }

    deinit { close(descriptor) }

    /// Appends a tile (its bytes only when no identical tile is stored yet).
    func add(_ tileID: UInt64, _ bytes: [UInt8]) throws(PMTilesError) {
        let hash = ContentHash(bytes)
        let recordStart = end
        var record = Record(tileID: tileID, offset: recordStart + UInt64(Self.recordSize), length: UInt32(bytes.count))
        var out = [UInt8]()
        if let stored = contents[hash] {
            record.offset = stored
            out = Self.encode(record)
        } else {
            out = Self.encode(record)
            out += bytes
        }
        try write(out, at: recordStart)
        if record.offset == recordStart + UInt64(Self.recordSize) { contents[hash] = record.offset }
        end += UInt64(out.count)
        records.append(record)
        if bytes.count < 2 || bytes[0] != 0x1F || bytes[1] != 0x8B { allGzipped = false }
    }

    /// `length` bytes at `offset` of the spool.
    func read(offset: UInt64, length: Int, into buffer: inout [UInt8]) throws(PMTilesError) {
        let start = buffer.count
        buffer += repeatElement(0, count: length)
        let done = buffer.withUnsafeMutableBytes { raw -> Int in
            var done = 0
            while done < length {
                let n = pread(descriptor, raw.baseAddress! + start + done, length - done, off_t(offset) + off_t(done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                done += n
            }
            return done
        }
        guard done == length else { throw PMTilesError("\(path): the spool is shorter than it was written", kind: .io) }
    }

    /// Removes the spool file.
    func remove() { unlink(path) }

    private func write(_ bytes: [UInt8], at offset: UInt64) throws(PMTilesError) {
        let written = bytes.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let n = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        guard written else { throw PMTilesError("\(path): \(String(cString: strerror(errno)))", kind: .io) }
    }

    /// Reads the records of an existing spool, stopping at the first incomplete or inconsistent one.
    private func readBack() throws(PMTilesError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return }
        let size = UInt64(status.st_size)
        var offsets = Set<UInt64>()
        while end + UInt64(Self.recordSize) <= size {
            var header: [UInt8] = []
            try read(offset: end, length: Self.recordSize, into: &header)
            let record = Self.decode(header)
            let dataStart = end + UInt64(Self.recordSize)
            var next = dataStart
            if record.offset == dataStart {
                guard dataStart + UInt64(record.length) <= size else { break }
                var bytes: [UInt8] = []
                try read(offset: dataStart, length: Int(record.length), into: &bytes)
                contents[ContentHash(bytes)] = dataStart
                offsets.insert(dataStart)
                if bytes.count < 2 || bytes[0] != 0x1F || bytes[1] != 0x8B { allGzipped = false }
                next += UInt64(record.length)
            } else {
                guard offsets.contains(record.offset) else { break }
            }
            records.append(record)
            end = next
        }
    }

    private static func encode(_ record: Record) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(recordSize)
        for (value, count) in [(record.tileID, 8), (record.offset, 8), (UInt64(record.length), 4)] {
            for index in 0..<count { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
        }
        return out
    }

    private static func decode(_ bytes: [UInt8]) -> Record {
        func number(_ at: Int, _ count: Int) -> UInt64 { (0..<count).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        return Record(tileID: number(0, 8), offset: number(8, 8), length: UInt32(number(16, 4)))
    }
}
