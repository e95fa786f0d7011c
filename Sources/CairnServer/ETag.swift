import Foundation

/// Strong entity tags: FNV-1a 64 over the bytes plus their length, quoted (`"9f2c…-1a4"`).
/// Equal bytes always give the same tag, on every replica, so caches in front agree.
enum ETag {
    static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        return "\"" + String(hash, radix: 16) + "-" + String(bytes.count, radix: 16) + "\""
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
