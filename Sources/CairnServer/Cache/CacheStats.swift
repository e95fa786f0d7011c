import Foundation

/// What the disk cache holds, per group and in total: entries, bytes (each file with its `.meta`),
/// the oldest and newest entry (when stored), and the share of `cache.max_size` used — what
/// `cairn cache stats` prints and `GET /admin/cache` answers. Measured by walking the directory, so
/// it is true whoever wrote the files (a running server, a seed, another replica sharing the disk).
public struct CacheStats: Sendable {
    /// Entries, bytes and the span of their store times.
    public struct Usage: Sendable, Equatable {
        public var tiles = 0
        public var bytes = 0
        /// Seconds since 1970; nil when empty.
        public var oldest: Double?
        public var newest: Double?

        mutating func add(_ file: CacheFile) {
            tiles += 1
            bytes += file.bytes
            oldest = min(oldest ?? file.stored, file.stored)
            newest = max(newest ?? file.stored, file.stored)
        }
    }

    public let directory: String
    public let capacity: Int
    /// Every configured group (also when empty), then `other` when anything is left over.
    public let groups: [(group: CacheGroup, usage: Usage)]
    public let total: Usage

    /// Walks the cache at `directory`.
    public static func measure(directory: String, layout: CacheLayout, capacity: Int) -> CacheStats {
        var usages: [CacheGroup: Usage] = [:]
        var total = Usage()
        CacheWalk.entries(root: directory) { file in
            usages[layout.group(of: file.key), default: Usage()].add(file)
            total.add(file)
        }
        var groups = layout.groups.map { ($0, usages[$0] ?? Usage()) }
        if let other = usages[.other] { groups.append((.other, other)) }
        return CacheStats(directory: directory, capacity: capacity, groups: groups, total: total)
    }

    /// The share of `capacity` that `bytes` take (0…1, more when over).
    public func share(_ usage: Usage) -> Double { capacity > 0 ? Double(usage.bytes) / Double(capacity) : 0 }

    /// The JSON document (`--json`, `GET /admin/cache`): times in RFC 3339 UTC.
    public var json: [String: Any] {
        func entry(_ usage: Usage) -> [String: Any] {
            var fields: [String: Any] = ["tiles": usage.tiles, "bytes": usage.bytes,
                                         "share": (share(usage) * 1e6).rounded() / 1e6]
            fields["oldest"] = usage.oldest.map(Self.timestamp) ?? NSNull()
            fields["newest"] = usage.newest.map(Self.timestamp) ?? NSNull()
            return fields
        }
        return [
            "directory": directory,
            "max_size": capacity,
            "groups": groups.map { group, usage in
                entry(usage).merging(["kind": group.kind, "name": group.name ?? NSNull()]) { $1 }
            },
            "total": entry(total),
        ]
    }

    /// `2026-11-24T13:05:09Z`.
    public static func timestamp(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down)), parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
