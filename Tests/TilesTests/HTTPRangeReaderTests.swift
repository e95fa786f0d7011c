@testable import RemoteTiles
import Synchronization
import Testing
import TestTier
import TestUpstream
@testable import Tiles

/// Byte ranges over HTTP, against a loopback server that answers ranges as object storage does.
@Suite(.process) struct HTTPRangeReaderTests {
    private let file = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    @Test func rangesAreTheFilesBytesAndAShortLastRangeIsCut() async throws {
        let file = self.file
        let upstream = try TestUpstream { .ranges(of: file, etag: "\"v1\"", for: $0) }
        defer { upstream.stop() }
        let fetcher = HTTPFetcher()
        let reader = HTTPRangeReader(url: upstream.baseURL + "/x.pmtiles", fetcher: fetcher)
        #expect(try await reader.read(offset: 0, length: 127) == Array(file[0..<127]))
        #expect(reader.pinnedETag == "\"v1\"")
        #expect(try await reader.read(offset: 4000, length: 100) == Array(file[4000..<4100]))
        #expect(try await reader.read(offset: 4990, length: 100) == Array(file[4990...]), "the file ends first")
        #expect(upstream.requests(for: "/x.pmtiles") == 3)
        await #expect(throws: SourceError.self) { try await reader.read(offset: 6000, length: 10) }
        await fetcher.close()
    }

    @Test func aReplacedFileIsNoticedByItsETag() async throws {
        let file = self.file
        let version = Mutex("\"v1\"")
        let upstream = try TestUpstream { request in .ranges(of: file, etag: version.withLock { $0 }, for: request) }
        defer { upstream.stop() }
        let fetcher = HTTPFetcher()
        let reader = HTTPRangeReader(url: upstream.baseURL + "/x.pmtiles", fetcher: fetcher)
        _ = try await reader.read(offset: 0, length: 16)
        version.withLock { $0 = "\"v2\"" }
        await #expect(throws: HTTPRangeReader.Replaced.self) { try await reader.read(offset: 16, length: 16) }
        let fresh = HTTPRangeReader(url: upstream.baseURL + "/x.pmtiles", fetcher: fetcher)
        #expect(try await fresh.read(offset: 16, length: 16) == Array(file[16..<32]))
        await fetcher.close()
    }

    @Test func aServerThatIgnoresRangesStillGivesTheRightBytesAndA404NamesTheFile() async throws {
        let file = self.file
        let upstream = try TestUpstream { request in
            request.path == "/x.pmtiles" ? .bytes(file, type: "application/octet-stream") : .status(404)
        }
        defer { upstream.stop() }
        let fetcher = HTTPFetcher()
        let reader = HTTPRangeReader(url: upstream.baseURL + "/x.pmtiles", fetcher: fetcher)
        #expect(try await reader.read(offset: 100, length: 50) == Array(file[100..<150]))
        let missing = HTTPRangeReader(url: upstream.baseURL + "/gone.pmtiles", fetcher: fetcher)
        let error = await #expect(throws: SourceError.self) { try await missing.read(offset: 0, length: 10) }
        #expect(error?.message.contains("gone.pmtiles") == true && error?.message.contains("404") == true)
        await fetcher.close()
    }
}
