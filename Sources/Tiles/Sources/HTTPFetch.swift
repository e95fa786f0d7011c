/// One HTTP answer as an HTTP source received it: the status, the headers and the whole body.
public struct HTTPFetch: Sendable {
    public let status: Int
    /// Header names as received; look them up with ``header(_:)``.
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
