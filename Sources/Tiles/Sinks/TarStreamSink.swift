import Foundation
import Synchronization

/// Writes tiles as a tar stream (POSIX ustar) of `z/x/y.ext` entries to a file descriptor — what
/// `cairn render --out -` sends to stdout, so a job can be piped into `tar -x`, an object-store
/// upload or another machine without touching the local disk. Each tile is one whole entry; the
/// stream ends with the two zero blocks tar expects.
public final class TarStreamSink: TileSink {
    private let descriptor: Int32
    public let fileExtension: String
    private let modified: Int
    private let lock = Mutex(())

    /// A stream on `descriptor` (1 for stdout); entries carry `modified` (seconds since 1970) as their time.
    public init(descriptor: Int32, fileExtension: String, modified: Int = Int(Date().timeIntervalSince1970)) {
        self.descriptor = descriptor
        self.fileExtension = fileExtension
        self.modified = modified
    }

    /// A stream has no way to look back: nothing is there yet.
    public func contains(_ tile: TileID) throws -> Bool { false }

    public func write(_ tile: TileID, data: [UInt8]) throws {
        let name = "\(tile.z)/\(tile.x)/\(tile.y).\(fileExtension)"
        var entry = Self.header(name: name, size: data.count, modified: modified)
        entry += data
        entry += [UInt8](repeating: 0, count: (512 - data.count % 512) % 512)
        try lock.withLock { _ in
            guard AtomicFile.writeAll(entry, to: descriptor) else {
                throw StorageError("stdout: \(String(cString: strerror(errno)))")
            }
        }
    }

    public func finish(describing tileset: TilesetDescription) throws {
        try lock.withLock { _ in
            guard AtomicFile.writeAll([UInt8](repeating: 0, count: 1024), to: descriptor) else {
                throw StorageError("stdout: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// A ustar header block for a regular file.
    static func header(name: String, size: Int, modified: Int) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int) {
            for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int, width: Int) -> String {
            let digits = String(value, radix: 8)
            return String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits
        }
        put(name, at: 0)
        put(octal(0o644, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)
        put(octal(0, width: 8), at: 116)
        put(octal(size, width: 12), at: 124)
        put(octal(modified, width: 12), at: 136)
        put("0", at: 156)
        put("ustar", at: 257)
        put("00", at: 263)
        put(String(repeating: " ", count: 8), at: 148)
        let checksum = block.reduce(0) { $0 + Int($1) }
        put(octal(checksum, width: 7) + " ", at: 148)
        block[154] = 0
        return block
    }
}
