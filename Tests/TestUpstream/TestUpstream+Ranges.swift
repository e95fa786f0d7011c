extension TestUpstream.Reply {
    /// What a static file server or object storage answers for `file` (with `etag`) to `request`:
    /// 206 with `Content-Range` for a `Range: bytes=A-B` request, 416 for a range past the end, 412
    /// when `If-Match` names another ETag, the whole file otherwise.
    public static func ranges(of file: [UInt8], etag: String, for request: TestUpstream.Request) -> Self {
        if let match = request.header("If-Match"), match != etag { return .status(412) }
        let headers = [("ETag", etag), ("Accept-Ranges", "bytes"), ("Content-Type", "application/octet-stream")]
        guard let range = request.header("Range"), range.hasPrefix("bytes=") else {
            return Self(headers: headers, body: file)
        }
        let bounds = range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard bounds.count == 2, let first = bounds[0], first < file.count else {
            return Self(status: 416, headers: [("Content-Range", "bytes */\(file.count)")])
        }
        let last = min(file.count - 1, bounds[1] ?? file.count - 1)
        return Self(status: 206, headers: headers + [("Content-Range", "bytes \(first)-\(last)/\(file.count)")],
                    body: Array(file[first...last]))
    }
}
