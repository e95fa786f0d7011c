import Foundation
import Testing
import TestTier
import TestUpstream

/// The admin API on a real server: the bearer token (401 with its challenge, counted, never
/// printed), purges and clears that the next request sees, seed jobs (202, progress, 409, 507,
/// the bytes a cold request gives), dataset refreshes, and `admin.listen` on an address of its own.
@Suite(.process, .serialized) struct AdminAPITests {
    private let token = "adm-7f3c9e2b41d84a6f"
    private var auth: [(String, String)] { [("Authorization", "Bearer \(token)")] }

    private func server(_ upstream: TestUpstream, sections: String = "", environment: [String: String]? = nil) throws -> ServerProcess {
        // The fixtures lack a few tiles of zoom 3: over-zoom from 2.
        try ServerProcess(config: TestConfig.world(upstream, source: ["maxzoom: 2"], layer: ["maxzoom: 6"], sections: sections),
                          environment: environment ?? ["CAIRN_ADMIN_TOKEN": token])
    }

    private func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(response.text)")
    }

    @Test func everyAdminRequestNeedsTheBearerTokenAndTheTokenIsNeverPrinted() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try server(upstream)
        defer { server.kill() }

        let missing = try server.request("/admin/cache")
        #expect(missing.status == 401)
        #expect(missing.header("WWW-Authenticate") == "Bearer realm=\"cairn-admin\"")
        for header in ["Bearer wrong-token", "Bearer \(token)x", "Basic \(token)", "bearer"] {
            let refused = try server.request("/admin/cache", method: "DELETE", headers: [("Authorization", header)])
            #expect(refused.status == 401, "\(header)")
            #expect(refused.header("WWW-Authenticate") == "Bearer realm=\"cairn-admin\", error=\"invalid_token\"", "\(header)")
        }
        // The scheme is case-insensitive (RFC 6750 §2.1 follows RFC 7235).
        #expect(try server.request("/admin/cache", headers: [("Authorization", "bearer \(token)")]).status == 200)
        let stats = try server.request("/admin/cache", headers: auth)
        #expect(stats.status == 200)
        #expect(stats.header("Content-Type") == "application/json")
        #expect(stats.header("Cache-Control") == "no-store")
        #expect(try json(stats)["max_size"] as? Int == 2_000_000_000)

        #expect(try server.metric("cairn_admin_unauthorized_total", ["reason": "missing"]) == 1)
        #expect(try server.metric("cairn_admin_unauthorized_total", ["reason": "invalid"]) == 4)
        let metrics = try server.request("/metrics").text
        #expect(!metrics.contains(token) && !server.log.contains(token) && !stats.text.contains(token))
        // The public routes need no token.
        #expect(try server.request("/tiles/world/0/0/0.png").status == 200)
    }

    @Test func withoutATokenTheAdminAPIDoesNotExist() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try server(upstream, environment: [:])
        defer { server.kill() }
        let answer = try server.request("/admin/cache", headers: auth)
        #expect(answer.status == 404)
        #expect(answer.text.contains("the admin API is off"))
    }

    @Test func theTokenFileIsReadTrimmedAndAWorldReadableOneIsWarnedAbout() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/token"
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o644)
        let server = try server(upstream, sections: "admin: {token_file: \(file)}", environment: [:])
        defer { server.kill() }
        #expect(try server.request("/admin/cache", headers: auth).status == 200)
        #expect(server.log.contains("admin.token_file: \(file) can be read by others than its owner (mode 0644)"), "\(server.log)")
        #expect(!server.log.contains(token))

        let failed = try ServerProcess.failedStart(config: TestConfig.world(upstream, sections: "admin: {token_file: \(directory)/absent}"))
        #expect(failed.status == 64)
        #expect(failed.stderr.contains("admin.token_file: \(directory)/absent: No such file or directory"), "\(failed.stderr)")
    }

    @Test func aPurgeRemovesExactlyItsTilesFromDiskAndMemory() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try server(upstream)
        defer { server.kill() }
        let tiles = (1...3).flatMap { z in (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { y in (z, x, y) } } }
        for (z, x, y) in tiles {
            #expect(try server.request("/tiles/world/\(z)/\(x)/\(y).png").status == 200)
        }
        #expect(try server.request("/tiles/world/2/0/0@2x.png").status == 200)
        #expect(try server.request("/tiles/world/2/0/0.webp").status == 200)

        // The western half of zooms 2 and 3: the tiles with x < 2^z / 2.
        let purge = try server.request("/admin/cache/world?bbox=-180,-85,0,85&zoom=2-3", method: "DELETE", headers: auth)
        #expect(purge.status == 200, "\(purge.text)")
        let removed = try json(purge)
        #expect(removed["tiles"] as? Int == 8 + 32 + 2)
        #expect(removed["zooms"] as? [String: Int] == ["2": 8 + 2, "3": 32])
        #expect(removed["layer"] as? String == "world")
        for (z, x, y) in tiles {
            let status = try server.request("/tiles/world/\(z)/\(x)/\(y).png").header("Cache-Status") ?? ""
            let purged = z >= 2 && x < (1 << z) / 2
            #expect(status.hasPrefix(purged ? "cairn; fwd=miss" : "cairn; hit"), "\(z)/\(x)/\(y): \(status)")
        }
        #expect(try server.request("/tiles/world/2/0/0@2x.png").header("Cache-Status")?.hasPrefix("cairn; fwd=miss") == true)
        #expect(try server.request("/tiles/world/2/0/0.webp").header("Cache-Status")?.hasPrefix("cairn; fwd=miss") == true)
    }

    @Test func badPurgesAreFourHundredsAndUnknownLayersFourOhFours() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try server(upstream)
        defer { server.kill() }
        let cases: [(String, Int, String)] = [
            ("/admin/cache/world?bbox=1,2,3", 400, "bbox: "),
            ("/admin/cache/world?zoom=3-1", 400, "zoom: '3-1' is not a zoom or a range"),
            ("/admin/cache/world?zoom=31", 400, "zoom: '31'"),
            ("/admin/cache/world?older_than=soon", 400, "older_than: 'soon' is not a duration"),
            ("/admin/cache/world?colour=red", 400, "unknown parameter 'colour'"),
            ("/admin/cache/world?zoom=1&zoom=2", 400, "zoom is given twice"),
            ("/admin/cache/nowhere", 404, "no layer 'nowhere'"),
            ("/admin/cache?layer=nowhere", 404, "no layer 'nowhere'"),
            ("/admin/cache?everything", 400, "unknown parameter 'everything'"),
        ]
        for (target, status, reason) in cases {
            let answer = try server.request(target, method: "DELETE", headers: auth)
            #expect(answer.status == status, "\(target): \(answer.text)")
            #expect(answer.text.contains(reason), "\(target): \(answer.text)")
        }
    }

    @Test func aClearWhileRequestsRunAnswersEveryOneAndEmptiesTheCache() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try server(upstream)
        defer { server.kill() }
        for z in 0...2 { for x in 0..<(1 << z) { _ = try server.request("/tiles/world/\(z)/\(x)/0.png") } }
        _ = try server.request("/badges/42.png")

        let results = concurrently(3) { index -> [Int] in
            if index == 0 {
                let clear = try server.request("/admin/cache?layer=world", method: "DELETE", headers: auth)
                return [clear.status]
            }
            return try (0..<40).map { n in try server.request(n % 2 == 0 ? "/tiles/world/2/\(n % 4)/0.png" : "/badges/\(n).png").status }
        }
        for result in results { #expect((try? result.get())?.allSatisfy { $0 == 200 } == true, "\(result)") }
        // Only the badges and whatever was rendered again after the clear are left; clear everything.
        let clear = try server.request("/admin/cache", method: "DELETE", headers: auth)
        #expect(clear.status == 200)
        #expect(try json(clear)["cleared"] as? [String] == ["everything"])
        #expect(files(under: server.cacheDirectory).isEmpty, "\(files(under: server.cacheDirectory))")
        #expect(try server.request("/tiles/world/2/1/0.png").header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(try server.request("/badges/42.png").header("Cache-Status") == "cairn; fwd=miss; stored")
    }

    @Test func aSeedJobStoresWhatAColdRequestGivesAndReportsItsProgress() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try server(upstream)
        defer { server.kill() }
        let started = try server.request("/admin/cache/world/seed", method: "POST", headers: auth,
                                         body: Array(#"{"bbox": [-180, -85, 180, 85], "zoom": "0-2"}"#.utf8))
        #expect(started.status == 202, "\(started.text)")
        let id = try #require(try json(started)["id"] as? String)
        #expect(started.header("Location") == "/admin/jobs/\(id)")
        var job: [String: Any] = [:]
        for _ in 0..<600 {
            job = try json(try server.request("/admin/jobs/\(id)", headers: auth))
            if job["state"] as? String != "running" { break }
            usleep(50_000)
        }
        #expect(job["state"] as? String == "done")
        #expect(job["total"] as? Int == 21 && job["done"] as? Int == 21 && job["stored"] as? Int == 21 && job["failed"] as? Int == 0, "\(job)")

        let cold = try ServerProcess(config: TestConfig.world(upstream, source: ["maxzoom: 2"], layer: ["maxzoom: 6"]))
        defer { cold.kill() }
        for z in 0...2 { for x in 0..<(1 << z) { for y in 0..<(1 << z) {
            let seeded = try server.request("/tiles/world/\(z)/\(x)/\(y).png")
            let rendered = try cold.request("/tiles/world/\(z)/\(x)/\(y).png")
            #expect(seeded.header("Cache-Status")?.hasPrefix("cairn; hit") == true, "\(z)/\(x)/\(y)")
            #expect(seeded.body == rendered.body && seeded.header("ETag") == rendered.header("ETag"), "\(z)/\(x)/\(y)")
        } } }
        #expect(try json(try server.request("/admin/jobs", headers: auth))["jobs"].map { ($0 as? [Any])?.count } == 1)
    }

    @Test func oneSeedPerLayerAtATimeAndACancelStopsIt() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: 0.05) }
        defer { upstream.stop() }
        let server = try server(upstream)
        defer { server.kill() }
        let body = Array(#"{"bbox": "-180,-85,180,85", "zoom": 5, "jobs": 1}"#.utf8)
        let first = try server.request("/admin/cache/world/seed", method: "POST", headers: auth, body: body)
        #expect(first.status == 202)
        let id = try #require(try json(first)["id"] as? String)
        let second = try server.request("/admin/cache/world/seed", method: "POST", headers: auth, body: body)
        #expect(second.status == 409)
        #expect(second.text.contains("layer 'world' has a seed running: /admin/jobs/\(id)"))
        let cancelled = try server.request("/admin/jobs/\(id)", method: "DELETE", headers: auth)
        #expect(cancelled.status == 200)
        var state = ""
        for _ in 0..<200 {
            state = try json(try server.request("/admin/jobs/\(id)", headers: auth))["state"] as? String ?? ""
            if state != "running" { break }
            usleep(50_000)
        }
        #expect(state == "cancelled")
        #expect(try server.request("/admin/cache/world/seed", method: "POST", headers: auth, body: body).status == 202)
        #expect(try server.request("/admin/jobs/nope", headers: auth).status == 404)
    }

    @Test func badSeedsAreRefusedBeforeTheyStart() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try server(upstream, sections: "cache: {max_size: 100kB}")
        defer { server.kill() }
        let cases: [(String, String, Int, String)] = [
            ("world", #"{"bbox": [-180, -85, 180, 85], "zoom": "0-6"}"#, 507, "needs about"),
            ("world", #"{"bbox": [-180, -85, 180], "zoom": 1}"#, 400, "bbox: expected [W, S, E, N]"),
            ("world", #"{"bbox": "0,0,1,1", "zoom": "2-1"}"#, 400, "zoom: '2-1'"),
            ("world", #"{"bbox": "0,0,1,1"}"#, 400, "zoom: expected"),
            ("world", #"{"bbox": "0,0,1,1", "zoom": 1, "scale": 3}"#, 400, "scale: expected 1 or 2"),
            ("world", #"{"bbox": "0,0,1,1", "zoom": 1, "format": "gif"}"#, 400, "format: expected png, jpg or webp"),
            ("world", #"{"bbox": "0,0,1,1", "zoom": 1, "colour": "red"}"#, 400, "unknown field 'colour'"),
            ("world", "not json", 400, "the body must be a JSON object"),
            ("nowhere", #"{"bbox": "0,0,1,1", "zoom": 1}"#, 404, "no layer 'nowhere'"),
        ]
        for (layer, body, status, reason) in cases {
            let answer = try server.request("/admin/cache/\(layer)/seed", method: "POST", headers: auth, body: Array(body.utf8))
            #expect(answer.status == status, "\(body): \(answer.text)")
            #expect(answer.text.contains(reason), "\(body): \(answer.text)")
        }
        #expect(files(under: server.cacheDirectory).isEmpty)
    }

    @Test func aDatasetRefreshRereadsTheFileNow() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let points = directory + "/points.csv"
        try Data("lon,lat\n1,2\n3,4\n".utf8).write(to: URL(fileURLWithPath: points))
        // A refresh interval far away: only the admin request re-reads.
        let server = try server(upstream, sections: "datasets: {spots: {file: \(points), refresh: 1h}}")
        defer { server.kill() }
        try Data("lon,lat\n1,2\n3,4\n5,6\n".utf8).write(to: URL(fileURLWithPath: points))
        let refreshed = try server.request("/admin/datasets/spots/refresh", method: "POST", headers: auth)
        #expect(refreshed.status == 200, "\(refreshed.text)")
        #expect(try json(refreshed)["points"] as? Int == 3)
        #expect(try json(refreshed)["state"] as? String == "refreshed")
        try Data("lon,lat\n1,nope\n".utf8).write(to: URL(fileURLWithPath: points))
        let failed = try server.request("/admin/datasets/spots/refresh", method: "POST", headers: auth)
        #expect(failed.status == 502)
        #expect(failed.text.contains("the previous index is still served"))
        #expect(try server.request("/admin/datasets/nowhere/refresh", method: "POST", headers: auth).status == 404)
    }

    @Test func adminListenServesTheAPIOnItsOwnAddressOnly() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let port = try unusedLoopbackPort()
        let server = try server(upstream, sections: "admin: {listen: 127.0.0.1:\(port)}")
        defer { server.kill() }
        let publicAnswer = try server.request("/admin/cache", headers: auth)
        #expect(publicAnswer.status == 404, "\(publicAnswer.status) \(publicAnswer.text) \(server.log)")
        var answer: HTTPResponse?
        for _ in 0..<100 {
            answer = try? HTTPClient.send("GET", "/admin/cache", port: port, headers: auth)
            if answer != nil { break }
            usleep(50_000)
        }
        #expect(answer?.status == 200)
        #expect(try HTTPClient.send("GET", "/admin/cache", port: port).status == 401)
        #expect(try HTTPClient.send("GET", "/tiles/world/0/0/0.png", port: port).status == 404)
    }
}

/// A loopback port nothing listens on now (bound and released; the caller binds it soon after).
func unusedLoopbackPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw HTTPClient.Failure(description: "cannot bind a loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
}
