import Synchronization
import Tiles

/// A PMTiles archive's bytes over HTTP (``HTTPRangeReader``) for `PMTilesReader`: while the archive
/// is opened, its first 16 kB — the header, the root directory and usually the metadata, where the
/// specification asks writers to put them — in one request; after ``endOpening()`` every read is one
/// range request, so that each names the archive's ETag and a replaced archive is noticed.
final class HTTPArchiveRanges: ByteRangeReader {
    /// What the first request reads: the specification's bound for the header and root directory.
    static let prefixLength = 16_384

    let http: HTTPRangeReader
    private let prefix = Mutex<[UInt8]?>(nil)
    private let opening = Mutex(true)

    init(_ http: HTTPRangeReader) { self.http = http }

    func read(offset: UInt64, length: Int) async throws(PMTilesError) -> [UInt8] {
        do {
            let end = offset + UInt64(length)
            if end <= UInt64(Self.prefixLength), opening.withLock({ $0 }) {
                let head = try await prefixBytes()
                guard end <= UInt64(head.count) else { throw Self.pastTheEnd(offset, length, size: head.count) }
                return Array(head[Int(offset)..<Int(end)])
            }
            guard offset <= UInt64(Int.max - length) else { throw Self.pastTheEnd(offset, length, size: nil) }
            let bytes = try await http.read(offset: Int(offset), length: length)
            guard bytes.count == length else { throw Self.pastTheEnd(offset, length, size: Int(offset) + bytes.count) }
            return bytes
        } catch let error as PMTilesError {
            throw error
        } catch let error as HTTPRangeReader.Replaced {
            throw PMTilesError(error.description, kind: .replaced)
        } catch {
            throw PMTilesError("\(error)", kind: .io)
        }
    }

    /// The archive is open: later reads go to the server, and the first 16 kB are let go.
    func endOpening() {
        opening.withLock { $0 = false }
        prefix.withLock { $0 = nil }
    }

    private func prefixBytes() async throws -> [UInt8] {
        if let kept = prefix.withLock({ $0 }) { return kept }
        let bytes = try await http.read(offset: 0, length: Self.prefixLength)
        prefix.withLock { $0 = $0 ?? bytes }
        return bytes
    }

    private static func pastTheEnd(_ offset: UInt64, _ length: Int, size: Int?) -> PMTilesError {
        PMTilesError("bytes \(offset)+\(length) are past the end of the archive" + (size.map { " (\($0) bytes)" } ?? ""))
    }
}
