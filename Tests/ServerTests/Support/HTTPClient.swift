import Foundation

/// One HTTP/1.1 response as a client sees it.
struct HTTPResponse: Sendable {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A minimal blocking HTTP/1.1 client on a loopback TCP socket. Unlike URLSession (curl underneath)
/// it sends the request target exactly as given — `..` segments, `%00`, 10 kB queries — with any
/// method and headers, and reads the whole answer (`Connection: close`, plain or chunked body).
enum HTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends one request to `127.0.0.1:port` and returns the response; throws when the connection
    /// fails, the answer does not parse or nothing arrives within `timeout` seconds.
    static func send(_ method: String, _ target: String, port: Int, headers: [(String, String)] = [],
                     body: [UInt8] = [], timeout: Double = 30) throws -> HTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        let answer = try exchange(Array((head + "\r\n").utf8) + body, port: port, timeout: timeout)
        return try parse(answer, method: method, target: target)
    }

    /// Writes `request` (any bytes) to a new connection and reads until the server closes it.
    static func exchange(_ request: [UInt8], port: Int, timeout: Double = 30) throws -> [UInt8] {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        let sent = request.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.send(socket, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        // A server may answer (413) and close before taking the whole body; the answer still counts.
        let answer = try readToEnd(socket)
        guard !answer.isEmpty || sent else { throw Failure(description: "send failed (\(String(cString: strerror(errno))))") }
        return answer
    }

    static func connect(port: Int, timeout: Double) throws -> Int32 {
        // Close-on-exec: a server a test starts meanwhile must not inherit the test's connections
        // (2 000 of them once left a PostgreSQL server without descriptors to start with).
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "connect to 127.0.0.1:\(port): \(reason)")
        }
        return fd
    }

    private static func readToEnd(_ fd: Int32) throws -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { data += chunk[0..<n]; continue }
            if n == 0 { return data }
            if errno == EINTR { continue }
            if errno == ECONNRESET, !data.isEmpty { return data }
            throw Failure(description: "reading the answer: \(String(cString: strerror(errno))) after \(data.count) bytes")
        }
    }

    static func parse(_ data: [UInt8], method: String, target: String) throws -> HTTPResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, data.count - 3)).first(where: { Array(data[$0..<$0 + 4]) == separator }) else {
            throw Failure(description: "\(method) \(target.prefix(80)): no complete response head in \(data.count) bytes")
        }
        let lines = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "\(method) \(target.prefix(80)): bad status line '\(lines[0])'")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(data[(end + 4)...])
        let chunked = headers.contains { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") }
        if chunked { body = try dechunk(body) }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: [UInt8]) throws -> [UInt8] {
        var result: [UInt8] = [], index = 0
        while index < data.count {
            guard let lineEnd = (index..<data.count - 1).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }),
                  let size = Int(String(decoding: data[index..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16) else {
                throw Failure(description: "bad chunked body")
            }
            if size == 0 { break }
            let start = lineEnd + 2
            guard start + size <= data.count else { throw Failure(description: "truncated chunked body") }
            result += data[start..<start + size]
            index = start + size + 2
        }
        return result
    }
}
