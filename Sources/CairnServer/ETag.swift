import Foundation

/// Strong entity tags: the XXH64 digest of the bytes plus their length, in hex, quoted
/// (`"8fab35c094634601-2024"` for the sample tile 2/2/1). Equal bytes always give the same tag, on every replica, so caches
/// in front agree.
enum ETag {
    static func of(_ bytes: [UInt8]) -> String {
        "\"" + String(XXH64.digest(bytes), radix: 16) + "-" + String(bytes.count, radix: 16) + "\""
    }

    /// True when an `If-None-Match` header value names `etag` (or is `*`); weak comparison, as RFC 9110 asks for it.
    static func matches(_ header: String, _ etag: String) -> Bool {
        let wanted = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        return header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            return tag == wanted
        }
    }
}
