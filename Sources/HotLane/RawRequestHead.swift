import HTTPTypes

/// A request head as it arrived in the connection's bytes, read strictly enough that the hot lane
/// can answer it without NIO's HTTP decoder: `GET` or `HEAD`, `HTTP/1.1`, an origin-form target
/// without `%` escapes, exactly one `Host` (RFC 9112 §3.2; the server refuses the others),
/// no body, and only header lines whose meaning is plain. Anything else is ``Scan/unsupported`` and
/// the decoder and Hummingbird read it as ever.
package struct RawRequestHead {
    /// What the bytes at the front of the buffer hold.
    package enum Scan {
        /// A whole head the lane may judge, `length` bytes long (through the empty line).
        case head(RawRequestHead, length: Int)
        /// The head's end has not arrived yet.
        case incomplete
        /// Something the lane leaves to the HTTP decoder (and everything after it).
        case unsupported
    }

    /// A head longer than this goes to the decoder (whose own limits then apply).
    package static let maximumLength = 8192

    package let method: HTTPRequest.Method
    package let target: String
    /// The header fields an answer depends on (`If-None-Match`, `If-Modified-Since`,
    /// `Accept-Encoding`, `Connection`), each at most once, with the case of their names as sent.
    package let fields: HTTPFields

    /// The request the hot lane's lookup reads, as NIO and Hummingbird would build it.
    package var request: HTTPRequest {
        HTTPRequest(method: method, scheme: "http", authority: nil, path: target, headerFields: fields)
    }

    /// Reads the head at the start of `bytes`.
    package static func scan(_ bytes: UnsafeRawBufferPointer) -> Scan {
        var reader = HeadReader(bytes: bytes)
        return reader.scan()
    }
}

/// The byte-by-byte reading of one head (``RawRequestHead/scan(_:)``).
private struct HeadReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    var sawLength = false
    var hosts = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func scan() -> RawRequestHead.Scan {
        // The request line: the method, one space, the target, one space, the version, CRLF.
        guard let methodEnd = find(UInt8(ascii: " "), from: 0, scanning: 5) else { return incompleteOr(5) }
        let method: HTTPRequest.Method
        switch methodEnd {
        case 3 where matches("GET", at: 0): method = .get
        case 4 where matches("HEAD", at: 0): method = .head
        default: return .unsupported
        }
        let targetStart = methodEnd + 1
        guard let targetEnd = find(UInt8(ascii: " "), from: targetStart, scanning: RawRequestHead.maximumLength) else {
            return incompleteOr(RawRequestHead.maximumLength)
        }
        guard targetEnd > targetStart, bytes[targetStart] == UInt8(ascii: "/"),
              bytes[targetStart..<targetEnd].allSatisfy(Self.isPlainTargetByte) else { return .unsupported }
        let versionStart = targetEnd + 1
        guard bytes.count >= versionStart + 10 else { return incompleteOr(versionStart + 10) }
        guard matches("HTTP/1.1\r\n", at: versionStart) else { return .unsupported }
        position = versionStart + 10

        var fields = HTTPFields()
        while true {
            guard position + 2 <= bytes.count else { return incompleteOr(position + 2) }
            if bytes[position] == UInt8(ascii: "\r") {
                guard bytes[position + 1] == UInt8(ascii: "\n"), hosts == 1 else { return .unsupported }
                let target = String(decoding: bytes[targetStart..<targetEnd], as: UTF8.self)
                return .head(RawRequestHead(method: method, target: target, fields: fields), length: position + 2)
            }
            switch readField(into: &fields) {
            case .some(true): continue
            case .some(false): return .unsupported
            case .none: return incompleteOr(RawRequestHead.maximumLength)
            }
        }
    }

    /// Reads one `name: value` line: true when it was read, false when it is one the lane does not
    /// judge, nil when its end has not arrived.
    private mutating func readField(into fields: inout HTTPFields) -> Bool? {
        let start = position
        var colon = start
        while colon < bytes.count, Self.isTokenByte(bytes[colon]) { colon += 1 }
        guard colon < bytes.count else { return nil }
        // No name, a space before the colon, obs-fold (a line starting with a space), a stray byte.
        guard colon > start, bytes[colon] == UInt8(ascii: ":") else { return false }
        var end = colon + 1
        while end < bytes.count, Self.isValueByte(bytes[end]) { end += 1 }
        guard end + 1 < bytes.count else { return nil }
        // Only CRLF ends a line: a bare LF or CR, a control byte or a non-ASCII byte is not the lane's.
        guard bytes[end] == UInt8(ascii: "\r"), bytes[end + 1] == UInt8(ascii: "\n") else { return false }
        position = end + 2
        let name = bytes[start..<colon]
        let value = Self.trimmed(bytes[(colon + 1)..<end])
        if Self.equalsIgnoringCase(name, "content-length") {
            // No body: `Content-Length: 0`, once, is the only length the lane takes.
            guard !sawLength, value.count == 1, value.first == UInt8(ascii: "0") else { return false }
            sawLength = true
            return true
        }
        if Self.equalsIgnoringCase(name, "host") {
            // Not read, but counted: none or two are the decoder's to refuse.
            hosts += 1
            return hosts == 1
        }
        guard let known = Self.known(name) else { return Self.isHarmless(name) }
        // A field the answer depends on, given twice: the decoder's reading of it is its own.
        guard fields[known] == nil, let field = HTTPField.Name(String(decoding: name, as: UTF8.self)) else { return false }
        fields.append(HTTPField(name: field, value: String(decoding: value, as: UTF8.self)))
        return true
    }

    /// `incomplete` while the head could still fit in `needed` bytes, else `unsupported`.
    private func incompleteOr(_ needed: Int) -> RawRequestHead.Scan {
        bytes.count < needed && bytes.count < RawRequestHead.maximumLength ? .incomplete : .unsupported
    }

    private func find(_ byte: UInt8, from start: Int, scanning limit: Int) -> Int? {
        var index = start
        while index < min(bytes.count, start + limit) {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func matches(_ text: StaticString, at offset: Int) -> Bool {
        guard offset + text.utf8CodeUnitCount <= bytes.count else { return false }
        return (0..<text.utf8CodeUnitCount).allSatisfy { bytes[offset + $0] == text.utf8Start[$0] }
    }

    /// The fields an answer reads.
    private static func known(_ name: Slice<UnsafeRawBufferPointer>) -> HTTPField.Name? {
        if equalsIgnoringCase(name, "if-none-match") { return .ifNoneMatch }
        if equalsIgnoringCase(name, "if-modified-since") { return .ifModifiedSince }
        if equalsIgnoringCase(name, "accept-encoding") { return .acceptEncoding }
        if equalsIgnoringCase(name, "connection") { return .connection }
        return nil
    }

    /// A field the answer does not read and that does not change how the request is framed or
    /// handled: not a body (`Transfer-Encoding`; `Content-Length` is read above, only 0 passes),
    /// not `Upgrade`, `Expect`, `Keep-Alive` or anything about the connection.
    private static func isHarmless(_ name: Slice<UnsafeRawBufferPointer>) -> Bool {
        !["content-length", "transfer-encoding", "upgrade", "expect", "keep-alive", "proxy-connection", "te", "trailer",
          "http2-settings"].contains { equalsIgnoringCase(name, $0) }
    }

    private static func equalsIgnoringCase(_ name: Slice<UnsafeRawBufferPointer>, _ lowercase: StaticString) -> Bool {
        guard name.count == lowercase.utf8CodeUnitCount else { return false }
        var index = name.startIndex
        for offset in 0..<lowercase.utf8CodeUnitCount {
            let byte = name[index]
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            guard lower == lowercase.utf8Start[offset] else { return false }
            index += 1
        }
        return true
    }

    private static func trimmed(_ value: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        var start = value.startIndex, end = value.endIndex
        while start < end, value[start] == UInt8(ascii: " ") || value[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, value[end - 1] == UInt8(ascii: " ") || value[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return value[start..<end]
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// Visible ASCII, space and tab: what a field value may hold here.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\t") || (0x20...0x7e).contains(byte)
    }

    /// Visible ASCII except `%` (escapes are the router's) and `#`; an absolute-form target does
    /// not start with `/` and never gets here.
    private static func isPlainTargetByte(_ byte: UInt8) -> Bool {
        (0x21...0x7e).contains(byte) && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "#")
    }
}
