import Foundation
import Testing
import TestTier

/// Slow and greedy clients on a real socket, as nginx treats them: `server.header_timeout`
/// disconnects clients that do not finish a request head, `server.idle_timeout` closes idle
/// kept-alive connections (their rules to the nanosecond: ``ConnectionTimeoutTests``). The tests
/// share one server, whose header timeout (3 s) is shorter than its idle timeout (4 s), so each
/// closing shows which of the two did it; each waits, bounded, for the server to close its
/// connections.
@Suite(.process, .sharedServer { try ServerProcess(config: "layers: {}\nserver: {header_timeout: 3s, idle_timeout: 4s}\n") })
struct SlowClientTests {
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
        let server = try ServerProcess.shared()
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
        if elapsed < 2 {
            #expect(RawConnection.stillOpen(slowClients, after: 0).count == 2000, "closed before header_timeout")
        }
        // … and every one closed once it has passed (the idle timeout, a second later, is not what closed them).
        let open = RawConnection.stillOpen(slowClients, after: lastSent.addingTimeInterval(3 + 3 * TestTiming.scale).timeIntervalSinceNow)
        #expect(open.isEmpty, "\(open.count) of 2000 half-sent heads still open 3 s past header_timeout")
        #expect(Date().timeIntervalSince(firstSent) >= 2.5, "closed before header_timeout")
        #expect(try server.request(normal).status == 200)
    }

    /// Kept alive past the header timeout (which runs only while a head is due), closed at the idle timeout.
    @Test func anIdleKeptAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let server = try ServerProcess.shared()
        let connection = try RawConnection(port: server.port)
        #expect(try connection.get("/health").status == 200)
        let answered = Date()
        #expect(connection.isClosed(within: 4 + 4 * TestTiming.scale), "an idle kept-alive connection stayed open past idle_timeout")
        #expect(Date().timeIntervalSince(answered) >= 3.5, "closed before idle_timeout")
    }
}

/// `server.max_connections` bounds open connections: the rest wait in the kernel's backlog and are
/// served when one of the held connections closes.
@Suite(.process) struct MaxConnectionsTests {
    @Test func maxConnectionsHoldsAndTheNextConnectionIsServedWhenOneCloses() throws {
        let server = try ServerProcess(config: "layers: {}\nserver: {max_connections: 4, header_timeout: 30s}\n")
        defer { server.kill() }
        var held = try (0..<4).map { _ in try RawConnection(port: server.port) }
        for connection in held { #expect(try connection.get("/health").status == 200) }
        // The fifth connects (the kernel's backlog takes it) and sends its request, but is not
        // served: not while each of the four held connections answers another request after it.
        let fifth = try RawConnection(port: server.port)
        try fifth.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for connection in held { #expect(try connection.get("/health").status == 200, "a held connection no longer answers") }
        #expect(!fifth.hasSomethingToRead, "the fifth connection was served while four were held")
        // … until one of the four closes.
        held.removeFirst()
        #expect(try fifth.response(to: "/health").status == 200)
        _ = held
    }
}
