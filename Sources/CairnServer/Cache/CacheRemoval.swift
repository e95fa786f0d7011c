/// What a purge or a clear removed: the entries' keys (the running server forgets exactly these),
/// their bytes, and how many per zoom for tiles.
public struct CacheRemoval: Sendable {
    public internal(set) var keys: [String] = []
    public internal(set) var bytes = 0
    /// Tiles removed at each zoom (entries that are not tiles, such as static maps, are not here).
    public internal(set) var perZoom: [Int: Int] = [:]

    public var tiles: Int { keys.count }

    mutating func add(_ file: CacheFile, zoom: Int?) {
        keys.append(file.key)
        bytes += file.bytes
        if let zoom { perZoom[zoom, default: 0] += 1 }
    }

    /// Adds what another part of the same purge removed.
    mutating func merge(_ other: CacheRemoval) {
        keys += other.keys
        bytes += other.bytes
        perZoom.merge(other.perZoom, uniquingKeysWith: +)
    }

    /// `{"tiles": N, "bytes": N, "zooms": {"3": N, …}}` (the admin API's answer).
    public var json: [String: Any] {
        ["tiles": tiles, "bytes": bytes, "zooms": Dictionary(uniqueKeysWithValues: perZoom.map { (String($0.key), $0.value) })]
    }
}
