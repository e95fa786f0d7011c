import Foundation
import Testing
import Tiles

/// One request of the hot lane's corpus, sent as raw bytes (`Connection: close`).
struct LaneRequest: CustomStringConvertible {
    let method: String
    let target: String
    var headers: [(String, String)] = []
    var body: [UInt8] = []
    /// Bytes sent as they are instead of the ones made of the parts above.
    var raw: String?
    /// Something the lane leaves to the router even when it is a hit there.
    var fallsBack = false
    /// The statuses both servers must answer with, in order, when the case is about them.
    var statuses: [Int]?
    /// Sent one byte a write.
    var byteByByte = false

    init(_ method: String, _ target: String, _ headers: [(String, String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// A request written by hand (it must end the connection: `Connection: close`, or something
    /// the server refuses); `fallsBack` when the lane must leave it to the router.
    init(raw: String, method: String = "GET", target: String, fallsBack: Bool, statuses: [Int]? = nil, byteByByte: Bool = false) {
        self.init(method, target)
        self.raw = raw
        self.fallsBack = fallsBack
        self.statuses = statuses
        self.byteByByte = byteByByte
    }

    var bytes: [UInt8] {
        if let raw { return Array(raw.utf8) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    var description: String {
        (raw.map { "raw \($0.debugDescription)" } ?? "\(method) \(target)" + headers.map { " [\($0.0): \($0.1)]" }.joined())
            + (byteByByte ? " (byte by byte)" : "")
    }
}

/// An answer as it came off the wire: the status line and header lines exactly as sent, and the parsed response.
struct RawAnswer {
    let statusLine: String
    let headerLines: [String]
    let response: HTTPResponse

    private init(_ bytes: ArraySlice<UInt8>, headEnd end: Int, method: String, target: String) throws {
        response = try HTTPClient.parse(Array(bytes), method: method, target: target)
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        statusLine = lines[0]
        headerLines = Array(lines.dropFirst())
    }

    /// Every answer in `bytes`, all a connection got until the server closed it: each ends where
    /// its `Content-Length` or last chunk says (the first one has no body when `request` is a
    /// HEAD; 1xx, 204 and 304 have none), the last one without either at the end of the bytes.
    static func all(in bytes: [UInt8], for request: LaneRequest) throws -> [RawAnswer] {
        var answers: [RawAnswer] = [], start = 0
        while start < bytes.count {
            guard let end = (start..<max(start, bytes.count - 3)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }) else {
                throw HTTPClient.Failure(description: "\(request): \(bytes.count - start) bytes after \(answers.count) answers are no answer")
            }
            let head = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
            let status = head.firstMatch(of: /^http\/1\.1 (\d+)/).flatMap { Int($0.1) } ?? 0
            let method = answers.isEmpty ? request.method : "GET"
            let bodiless = method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304
            let stop: Int
            if bodiless {
                stop = end + 4
            } else if let length = head.firstMatch(of: /content-length: *(\d+)/).flatMap({ Int($0.1) }) {
                stop = end + 4 + length
            } else if head.contains("transfer-encoding: chunked") {
                stop = try lastChunkEnd(bytes, from: end + 4)
            } else {
                stop = bytes.count
            }
            answers.append(try RawAnswer(bytes[start..<min(stop, bytes.count)], headEnd: end, method: method, target: request.target))
            start = stop
        }
        return answers
    }

    /// Where a chunked body starting at `start` ends (after its last, empty chunk).
    private static func lastChunkEnd(_ bytes: [UInt8], from start: Int) throws -> Int {
        var index = start
        while let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
              let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16) {
            index = lineEnd + 2 + size + 2
            if size == 0 { return index }
        }
        throw HTTPClient.Failure(description: "a chunked body without its last chunk")
    }
}

extension HotLaneTests {
    /// Every hit of ``hits`` plain, as HEAD, with each kind of condition (RFC 9110 precedence:
    /// `If-None-Match` decides when present), gzip asked for, as a CORS preflight; vector tiles
    /// gzipped and revalidated by the gzipped ETag; a signed route with and without its signature;
    /// then bad paths, unknown names, a POST and a GET with a body. What it asks for is made and then in memory on both servers first.
    static func corpus(_ server: ServerProcess, _ other: ServerProcess) throws -> [LaneRequest] {
        func warm(_ target: String, _ headers: [(String, String)] = []) throws {
            for _ in 0..<2 { _ = try server.request(target, headers: headers); _ = try other.request(target, headers: headers) }
        }
        var requests: [LaneRequest] = []
        for target in hits {
            try warm(target)
            let answer = try server.request(target)
            let etag = try #require(answer.header("ETag")), modified = try #require(answer.header("Last-Modified"))
            requests += [
                LaneRequest("GET", target), LaneRequest("HEAD", target),
                LaneRequest("GET", target, [("If-None-Match", etag)]), LaneRequest("HEAD", target, [("If-None-Match", etag)]),
                LaneRequest("GET", target, [("If-None-Match", "\"other\", W/\(etag)")]),
                LaneRequest("GET", target, [("If-None-Match", "\"other\"")]),
                LaneRequest("GET", target, [("If-Modified-Since", modified)]),
                LaneRequest("GET", target, [("If-Modified-Since", "Thu, 01 Jan 1970 00:00:00 GMT")]),
                LaneRequest("GET", target, [("If-None-Match", "\"other\""), ("If-Modified-Since", modified)]),
                LaneRequest("GET", target, [("If-Modified-Since", "not a date")]),
                LaneRequest("GET", target, [("Accept-Encoding", "gzip, deflate")]),
                LaneRequest("OPTIONS", target, [("Origin", "https://app.example"), ("Access-Control-Request-Method", "GET")]),
            ]
        }
        for target in ["/clusters/cities/3/4/2.mvt", "/clusters/cities/0/0/0.mvt"] {
            let gzip = [("Accept-Encoding", "gzip")]
            try warm(target)
            try warm(target, gzip)
            let gzipped = try server.request(target, headers: gzip)
            let etag = try #require(gzipped.header("ETag"))
            #expect(gzipped.header("Content-Encoding") == "gzip" && etag.hasSuffix("-gzip\""))
            let plain = try #require(try server.request(target).header("ETag"))
            requests += [
                LaneRequest("GET", target, gzip), LaneRequest("HEAD", target, gzip),
                LaneRequest("GET", target, gzip + [("If-None-Match", etag)]),
                LaneRequest("GET", target, gzip + [("If-None-Match", plain)]),
                LaneRequest("GET", target, [("Accept-Encoding", "gzip;q=0")]),
            ]
        }
        // A signed route (static maps, in the differential test's configuration): refused without
        // its signature on both ways, answered by the router with it.
        let staticMap = "/static/world/10,50,2/256x256.png"
        let signed = try SignedURLTests.pythonSigned(staticMap, key: SignedURLTests.firstKey)
        try warm(signed)
        var signedRequests = [LaneRequest("GET", signed), LaneRequest("HEAD", signed), LaneRequest("GET", signed, [("If-None-Match", "*")])]
        for index in signedRequests.indices { signedRequests[index].fallsBack = true }
        requests += signedRequests + [LaneRequest("GET", staticMap)]
        let filtered = "/clusters/cities/3/4/2.png?filter=population%20%3E%2010000000"
        try warm(filtered)
        requests += [
            filtered, "/tiles/world/2/9/9.png", "/tiles/nope/1/0/0.png", "/tiles/world/2/2/1.gif", "/tiles/world/2/2/1.PNG", "/tiles/world/31/0/0.png",
            "/tiles/world/2/2/-1.png", "/tiles//world/2/2/1.png", "/tiles/world/2/2/1.png/", "/tiles/world/2/2/1.png%00", "/TILES/world/2/2/1.png",
            "/tiles/world/2/2", "/badges/0.png", "/badges/42.gif", "/badges/42.png?style=nope", "/badges/42.png?scale=9",
            "/cards/lane.png", "/cards/../lane.png?title=x", "/clusters/nowhere/1/0/0.png", "/clusters/cities/1/0/0@2x.mvt",
            "/clusters/cities/points/999999999/card.png", "/clusters/cities/points/3413829/card.jpg",
            "/nowhere", "/tiles/world.json",
        ].map { LaneRequest("GET", $0) }
        requests += try oddRequests(etag: #require(try server.request("/tiles/world/2/2/1.png").header("ETag")))
        requests += [
            LaneRequest("POST", "/tiles/world/2/2/1.png"), LaneRequest("DELETE", "/badges/42.png"),
            LaneRequest("GET", "/tiles/world/2/2/1.png", body: Array("abc".utf8)),
            LaneRequest("GET", "/badges/42.png?" + String(repeating: "a", count: 5000)),
        ]
        return requests
    }

    /// Heads written by hand for `/tiles/world/2/2/1.png` (whose ETag is `etag`): header names in
    /// odd case and `Content-Length: 0`, which the lane reads; and what it leaves to the router —
    /// HTTP/1.0, an absolute-form target, obs-fold, a bare LF, a duplicated `If-None-Match`, a
    /// non-ASCII value, `Expect`, `Upgrade`, a chunked body, a request line with two spaces, no
    /// `Host` or two (400 on both paths; HTTP/1.0 without one is answered).
    static func oddRequests(etag: String) -> [LaneRequest] {
        let target = "/tiles/world/2/2/1.png"
        func raw(_ text: String, method: String = "GET", fallsBack: Bool, statuses: [Int]? = nil) -> LaneRequest {
            LaneRequest(raw: text, method: method, target: target, fallsBack: fallsBack, statuses: statuses)
        }
        return [
            raw("GET \(target) HTTP/1.1\r\nhOST: 127.0.0.1\r\ncOnNeCtIoN: close\r\niF-nOnE-mAtCh: \(etag)\r\n\r\n", fallsBack: false),
            raw("GET \(target) HTTP/1.1\r\nHOST: 127.0.0.1\r\nCONNECTION: close\r\nACCEPT-ENCODING:\tgzip \r\ncontent-LENGTH: 0\r\n\r\n", fallsBack: false),
            raw("HEAD \(target) HTTP/1.1\r\nConnection: close\r\nX-Anything: ok\r\nHost: 127.0.0.1\r\n\r\n", method: "HEAD", fallsBack: false),
            raw("GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", fallsBack: true),
            raw("GET http://127.0.0.1\(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\r\n b\r\nConnection: close\r\n\r\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nIf-None-Match: \(etag)\r\nIf-None-Match: \"x\"\r\n\r\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Name: caf\u{E9}\r\n\r\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nExpect: 100-continue\r\n\r\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nUpgrade: websocket\r\n\r\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", fallsBack: true),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 00\r\n\r\n", fallsBack: true),
            raw("GET  \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", fallsBack: true),
            // RFC 9112 §3.2: one `Host` on HTTP/1.1, at most one on HTTP/1.0.
            raw("GET \(target) HTTP/1.1\r\nConnection: close\r\n\r\n", fallsBack: true, statuses: [400]),
            raw("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nhost: 127.0.0.1\r\n\r\n", fallsBack: true, statuses: [400]),
            raw("GET \(target) HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n", fallsBack: true, statuses: [400]),
            raw("GET \(target) HTTP/1.0\r\nConnection: close\r\n\r\n", fallsBack: true, statuses: [200]),
            raw("GET \(target) HTTP/1.0\r\nHost: a\r\nHost: a\r\nConnection: close\r\n\r\n", fallsBack: true, statuses: [400]),
        ]
    }

    /// Several requests on one connection, which the lane must frame exactly as NIO's decoder
    /// does: a request hidden in a `Content-Length` or chunked body (the body's, never answered),
    /// `Content-Length` with `Transfer-Encoding`, two lengths, obs-fold, a bare LF, a NUL, a space
    /// before the colon, `Expect: 100-continue`, `Upgrade: h2c`, a missing or second `Host` in a
    /// pipeline; hits pipelined around `slow` (a route the router takes a while over) and 404s,
    /// in one write and one byte a write. Each ends with a hit asking for `Connection: close`.
    static func framingRequests(slow: String) -> [LaneRequest] {
        let tile = "/tiles/world/2/2/1.png", badge = "/badges/42.png"
        func get(_ target: String, _ lines: String = "") -> String { "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(lines)\r\n" }
        let last = get(badge, "Connection: close\r\n"), hidden = get(badge, "X-Hidden: yes\r\n")
        let chunked = String(hidden.utf8.count, radix: 16) + "\r\n" + hidden + "\r\n0\r\n\r\n"
        func raw(_ text: String, statuses: [Int]? = nil, byteByByte: Bool = false) -> LaneRequest {
            LaneRequest(raw: text, target: tile, fallsBack: true, statuses: statuses, byteByByte: byteByByte)
        }
        let pipeline = get(tile) + get(slow) + get(badge) + get("/nowhere") + get(tile) + get("/tiles/nope/1/0/0.png") + get(tile) + last
        return [
            raw(get(tile, "Content-Length: \(hidden.utf8.count)\r\n") + hidden + last, statuses: [200, 200]),
            raw(get(tile, "Transfer-Encoding: chunked\r\n") + chunked + last, statuses: [200, 200]),
            raw(get(tile, "Content-Length: \(hidden.utf8.count)\r\nTransfer-Encoding: chunked\r\n") + chunked + last),
            raw(get(tile, "Transfer-Encoding: chunked\r\nContent-Length: 0\r\n") + chunked + last),
            raw(get(tile, "Content-Length: 0\r\nContent-Length: 0\r\n") + last),
            raw(get(tile, "Content-Length: 0\r\nContent-Length: \(hidden.utf8.count)\r\n") + hidden + last),
            raw(get(tile, "X-Note: a\r\n b\r\n") + last),
            raw(get(tile) + "GET \(tile) HTTP/1.1\nHost: 127.0.0.1\n\n" + last),
            raw(get(tile) + get(tile, "X-Note: a\u{0}b\r\n") + last),
            raw(get(tile) + get(tile, "X-Note : a\r\n") + last),
            raw(get(tile) + get(tile, "Host : 127.0.0.1\r\n") + last),
            raw(get(tile, "Expect: 100-continue\r\n") + last),
            raw(get(tile, "Expect: 100-continue\r\nContent-Length: 3\r\n") + "abc" + last),
            raw(get(tile, "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n") + last),
            raw(get(tile) + "GET \(tile) HTTP/1.1\r\n\r\n" + last, statuses: [200, 400]),
            raw(get(tile) + get(tile, "Host: 127.0.0.1\r\n") + last, statuses: [200, 400]),
            raw(pipeline),
            raw(pipeline, byteByByte: true),
            raw(get(tile) + get(badge) + last, statuses: [200, 200, 200], byteByByte: true),
        ]
    }

    /// `request` sent to both servers, one right after the other, and every answer each gave
    /// before closing the connection.
    static func pair(_ request: LaneRequest, _ lane: ServerProcess, _ router: ServerProcess) throws -> ([RawAnswer], [RawAnswer]) {
        try (RawAnswer.all(in: exchange(request, port: lane.port), for: request),
             RawAnswer.all(in: exchange(request, port: router.port), for: request))
    }

    /// What a connection got for `request` until the server closed it.
    private static func exchange(_ request: LaneRequest, port: Int) throws -> [UInt8] {
        guard request.byteByByte else { return try HTTPClient.exchange(request.bytes, port: port, timeout: 10) }
        let connection = try RawConnection(port: port)
        // Until the server takes no more (it may answer and close before the end, as with a whole write).
        let bytes = request.bytes
        for index in bytes.indices {
            let sent = bytes.withUnsafeBytes { Foundation.send(connection.fd, $0.baseAddress! + index, 1, Int32(MSG_NOSIGNAL)) }
            guard sent == 1 else { break }
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            data += chunk[0..<n]
        }
        return data
    }

    /// As many answers from each, each pair alike (``expectIdentical(_:_:_:)-(RawAnswer,_,_)``),
    /// with the statuses the request expects.
    static func expectIdentical(_ lane: [RawAnswer], _ router: [RawAnswer], _ request: LaneRequest) {
        #expect(lane.count == router.count, "\(request): \(lane.map(\.statusLine)) vs \(router.map(\.statusLine))")
        for (mine, theirs) in zip(lane, router) { expectIdentical(mine, theirs, request) }
        if let statuses = request.statuses {
            #expect(lane.map(\.response.status) == statuses && router.map(\.response.status) == statuses,
                    "\(request): \(lane.map(\.statusLine)) and \(router.map(\.statusLine))")
        }
    }

    /// The same status line, the same header lines in the same order, the same body; the `Date`
    /// and a tile's `max-age` (seconds left, taken a moment apart) may differ by a second.
    static func expectIdentical(_ lane: RawAnswer, _ router: RawAnswer, _ request: LaneRequest) {
        #expect(lane.statusLine == router.statusLine, "\(request)")
        #expect(lane.response.body == router.response.body, "\(request): bodies differ")
        let laneNames = lane.response.headers.map(\.name), routerNames = router.response.headers.map(\.name)
        #expect(laneNames == routerNames, "\(request): \(lane.headerLines) vs \(router.headerLines)")
        for (mine, theirs) in zip(lane.response.headers, router.response.headers) where mine.name == theirs.name && mine.value != theirs.value {
            switch mine.name.lowercased() {
            case "date":
                let apart = HTTPDate.parse(mine.value).flatMap { a in HTTPDate.parse(theirs.value).map { abs(a.timeIntervalSince($0)) } }
                #expect(apart.map { $0 <= 1 } == true, "\(request): Date \(mine.value) vs \(theirs.value)")
            case "cache-control":
                let ages = [mine.value, theirs.value].map { $0.firstMatch(of: /^public, max-age=(\d+)$/).flatMap { Int($0.1) } }
                #expect(ages[0] != nil && ages[1] != nil && abs(ages[0]! - ages[1]!) <= 1, "\(request): \(mine.value) vs \(theirs.value)")
            default:
                Issue.record("\(request): \(mine.name): \(mine.value) vs \(theirs.value)")
            }
        }
    }

    /// The request, cache and signature counters of a fresh scrape, `name{label=value,…}` to value
    /// (scrapes themselves left out: the two servers are not scraped equally often).
    static func counters(_ server: ServerProcess) throws -> [String: Double] {
        let names: Set = ["cairn_http_requests_total", "cairn_http_request_duration_seconds_count", "cairn_cache_hits_total",
                          "cairn_cache_misses_total", "cairn_signature_rejections_total", "cairn_upstream_errors_total"]
        var values: [String: Double] = [:]
        for sample in metricSamples(try server.request("/metrics").text) where names.contains(sample.name) && sample.labels["route"] != "/metrics" {
            values[sample.name + "{" + sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"] = sample.value
        }
        return values
    }

    /// How much each counter moved (those that did).
    static func moves(from before: [String: Double], to after: [String: Double]) -> [String: Double] {
        after.compactMapValues { $0 }.reduce(into: [:]) { moved, entry in
            let delta = entry.value - (before[entry.key] ?? 0)
            if delta != 0 { moved[entry.key] = delta }
        }
    }

    static func difference(_ a: [String: Double], _ b: [String: Double]) -> String {
        Set(a.keys).union(b.keys).sorted().filter { a[$0] != b[$0] }.map { "\($0): lane \(a[$0] ?? 0), router \(b[$0] ?? 0)" }
            .joined(separator: "\n")
    }

    /// `count` responses read off `connection` one after the other (each by its `Content-Length`).
    static func read(_ count: Int, from connection: RawConnection) throws -> [HTTPResponse] {
        var data: [UInt8] = [], answers: [HTTPResponse] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while answers.count < count {
            if let end = (0..<max(0, data.count - 3)).first(where: { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }) {
                let head = String(decoding: data[..<end], as: UTF8.self).lowercased()
                let length = head.firstMatch(of: /content-length: *(\d+)/).flatMap { Int($0.1) } ?? 0
                if data.count >= end + 4 + length {
                    answers.append(try HTTPClient.parse(Array(data[..<(end + 4 + length)]), method: "GET", target: "pipelined"))
                    data.removeFirst(end + 4 + length)
                    continue
                }
            }
            let n = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw HTTPClient.Failure(description: "the connection ended after \(answers.count) answers") }
            data += chunk[0..<n]
        }
        return answers
    }
}
