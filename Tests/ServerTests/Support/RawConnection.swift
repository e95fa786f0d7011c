import Foundation

/// A client connection the test holds open and drives by hand: half a request head, keep-alive
/// requests, and whether (and when) the server has closed it.
final class RawConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = try HTTPClient.connect(port: port, timeout: 10)
    }

    deinit { close(fd) }

    /// Writes `text` as it is.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw HTTPClient.Failure(description: "send: \(String(cString: strerror(errno)))") }
    }

    /// A keep-alive `GET target` and its response (read by its `Content-Length`, the connection stays open).
    func get(_ target: String) throws -> HTTPResponse {
        try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return try response(to: target)
    }

    /// Reads the response to a `GET target` sent on this connection (by its `Content-Length`).
    func response(to target: String) throws -> HTTPResponse {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = Self.headEnd(data) {
                let head = String(decoding: data[..<end], as: UTF8.self).lowercased()
                let length = head.firstMatch(of: /content-length: *(\d+)/).flatMap { Int($0.1) } ?? 0
                if data.count >= end + 4 + length { return try HTTPClient.parse(data, method: "GET", target: target) }
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw HTTPClient.Failure(description: "GET \(target): the connection ended after \(data.count) bytes") }
            data += chunk[0..<n]
        }
    }

    /// Whether the server has sent anything (or closed the connection) that was not read yet; does not wait.
    var hasSomethingToRead: Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) > 0
    }

    /// Whether the server has closed the connection: waits up to `timeout` seconds for it.
    func isClosed(within timeout: Double = 0) -> Bool {
        Self.stillOpen([self], after: timeout).isEmpty
    }

    /// The connections of `connections` the server has not closed after waiting up to `timeout`
    /// seconds (for all of them together; returns as soon as every one is closed).
    static func stillOpen(_ connections: [RawConnection], after timeout: Double) -> [RawConnection] {
        let deadline = Date().addingTimeInterval(timeout)
        var open = connections
        repeat {
            var polls = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let wait = max(0, Int32(deadline.timeIntervalSinceNow * 1000))
            guard poll(&polls, nfds_t(polls.count), wait) >= 0 || errno == EINTR else { break }
            open = zip(open, polls).filter { connection, poll in poll.revents == 0 || !connection.peekShowsClose() }.map(\.0)
        } while !open.isEmpty && Date() < deadline
        return open
    }

    /// After `poll` said readable: an end of stream or a reset means the server closed it.
    private func peekShowsClose() -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)
    }

    private static func headEnd(_ data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        return (0...(data.count - 4)).first { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }
    }
}
