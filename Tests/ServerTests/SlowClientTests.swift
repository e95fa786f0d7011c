import Foundation
import Testing
import TestTier

/// Slow and greedy clients, as nginx treats them: `server.header_timeout` disconnects clients that
/// do not finish a request head, `server.idle_timeout` closes idle kept-alive connections, and
/// `server.max_connections` bounds open connections (the rest wait in the kernel's backlog).
@Suite(.process, .serialized) struct SlowClientTests {
    /// A cached badge: a normal, cheap request.
    private let normal = "/badges/42.png"

    /// Median seconds of `count` requests for `target`, each on a new connection.
    private func medianLatency(_ server: ServerProcess, _ target: String, count: Int = 31) throws -> Double {
        var times: [Double] = []
        for _ in 0..<count {
            let started = Date()
            let response = try server.request(target)
            times.append(Date().timeIntervalSince(started))
            #expect(response.status == 200)
        }
        return times.sorted()[count / 2]
    }

    @Test func twoThousandHalfHeadsDoNotSlowANormalRequestAndAreClosedAfterTheHeaderTimeout() throws {
        let server = try ServerProcess(config: "layers: {}\nserver: {header_timeout: 4s}\n")
        defer { server.kill() }
        #expect(try server.request(normal).status == 200)
        let baseline = try medianLatency(server, normal)

        let firstSent = Date()
        let slowClients = try (0..<2000).map { index in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /badges/\(index).png HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
            return connection
        }
        let lastSent = Date()
        let underLoad = try medianLatency(server, normal)
        let elapsed = Date().timeIntervalSince(firstSent)
        print("SlowClientTests: normal request median \(Int(baseline * 1e6)) µs alone, \(Int(underLoad * 1e6)) µs beside 2000 half heads (sent in \(String(format: "%.2f", lastSent.timeIntervalSince(firstSent))) s)")
        #expect(underLoad <= max(4 * baseline, baseline + 0.05), "median \(underLoad) s beside 2000 half-sent heads, \(baseline) s alone")

        // Still open before the timeout (checked only while it is safely ahead) …
        if elapsed < 3 {
            #expect(RawConnection.stillOpen(slowClients, after: 0).count == 2000, "closed before header_timeout")
        }
        // … and every one closed once it has passed.
        let open = RawConnection.stillOpen(slowClients, after: lastSent.addingTimeInterval(4 + 3 * TestTiming.scale).timeIntervalSinceNow)
        #expect(open.isEmpty, "\(open.count) of 2000 half-sent heads still open 3 s past header_timeout")
        #expect(Date().timeIntervalSince(firstSent) >= 3.5, "closed before header_timeout")
        #expect(try server.request(normal).status == 200)
    }

    @Test func anIdleKeptAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let server = try ServerProcess(config: "layers: {}\nserver: {idle_timeout: 1s, header_timeout: 30s}\n")
        defer { server.kill() }
        let connection = try RawConnection(port: server.port)
        #expect(try connection.get("/health").status == 200)
        let answered = Date()
        #expect(!connection.isClosed(within: 0.5))
        #expect(connection.isClosed(within: 4), "an idle kept-alive connection stayed open past idle_timeout")
        #expect(Date().timeIntervalSince(answered) >= 0.9)
    }

    /// The header timeout runs only while a request head is due: a kept-alive connection may idle
    /// longer than it (up to `idle_timeout`) and then send a request; a half-sent head on it is
    /// cut off after `header_timeout`, long before `idle_timeout`.
    @Test func theHeaderTimeoutCountsFromTheFirstByteOfARequestNotFromIdleness() throws {
        let server = try ServerProcess(config: "layers: {}\nserver: {header_timeout: 1s, idle_timeout: 30s}\n")
        defer { server.kill() }
        let connection = try RawConnection(port: server.port)
        #expect(try connection.get("/health").status == 200)
        #expect(!connection.isClosed(within: 2), "an idle connection was closed by header_timeout")
        #expect(try connection.get("/health").status == 200)
        try connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let sent = Date()
        #expect(!connection.isClosed(within: 0.5))
        #expect(connection.isClosed(within: 4), "a half-sent head on a kept-alive connection stayed open")
        #expect(Date().timeIntervalSince(sent) < 5)
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheHeaderTimeout() throws {
        let server = try ServerProcess(config: "layers: {}\nserver: {header_timeout: 1s}\n")
        defer { server.kill() }
        let connection = try RawConnection(port: server.port)
        #expect(!connection.isClosed(within: 0.5))
        #expect(connection.isClosed(within: 4))
    }

    @Test func maxConnectionsHoldsAndTheNextConnectionIsServedWhenOneCloses() throws {
        let server = try ServerProcess(config: "layers: {}\nserver: {max_connections: 4, header_timeout: 30s}\n")
        defer { server.kill() }
        var held = try (0..<4).map { _ in try RawConnection(port: server.port) }
        for connection in held { #expect(try connection.get("/health").status == 200) }
        // The fifth connects (the kernel's backlog takes it) but is not served …
        let waiting = inBackground { (try HTTPClient.send("GET", "/health", port: server.port, timeout: 20), Date()) }
        usleep(1_000_000)
        for connection in held { #expect(!connection.isClosed()) }
        #expect(try held[0].get("/health").status == 200, "a held connection no longer answers")
        // … until one of the four closes.
        let freed = Date()
        held.removeFirst()
        let (answer, answered) = try waiting().get()
        #expect(answer.status == 200)
        #expect(answered >= freed, "the fifth connection was served \(freed.timeIntervalSince(answered)) s before one of four closed")
        #expect(answered.timeIntervalSince(freed) < 5)
        _ = held
    }
}
