/// Where each kind of entry lives under the cache root, for the configured layers and datasets —
/// the one place that knows the key scheme the services write:
///
/// | entries | keys |
/// |---|---|
/// | a layer's tiles | `L/z/x/y[@2x].ext` |
/// | an animated layer's frames | `L/frames/N-hash/z/x/y[@2x].ext` |
/// | its animations | `_animations/L/z/x/y[@2x]-hash.ext` |
/// | its static maps | `_static/L/hash.ext` |
/// | a dataset's cluster tiles | `_clusters/D/version/z/x/y.mvt`, `_clusters/D/version/D/z/x/y[@2x].ext` |
/// | badges, cards | `_badges/…`, `_cards/…` |
///
/// Configured names never start with `_` or `.`, so they cannot meet the reserved directories.
public struct CacheLayout: Sendable {
    public let layers: Set<String>
    public let datasets: Set<String>

    public init(layers: some Sequence<String>, datasets: some Sequence<String>) {
        self.layers = Set(layers)
        self.datasets = Set(datasets)
    }

    /// The group a key belongs to.
    public func group(of key: some StringProtocol) -> CacheGroup {
        let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return .other }
        let first = String(parts[0])
        switch first {
        case "_badges": return .badges
        case "_cards": return .cards
        case "_animations", "_static":
            let layer = String(parts[1])
            return layers.contains(layer) ? .layer(layer) : .other
        case "_clusters":
            let dataset = String(parts[1])
            return datasets.contains(dataset) ? .dataset(dataset) : .other
        default:
            return layers.contains(first) ? .layer(first) : .other
        }
    }

    /// The directories (relative to the root) holding a group's entries.
    public func directories(of group: CacheGroup) -> [String] {
        switch group {
        case .layer(let name): [name, "_animations/" + name, "_static/" + name]
        case .dataset(let name): ["_clusters/" + name]
        case .badges: ["_badges"]
        case .cards: ["_cards"]
        case .other: []
        }
    }

    /// Every group the configuration has, in listing order.
    public var groups: [CacheGroup] {
        layers.sorted().map(CacheGroup.layer) + datasets.sorted().map(CacheGroup.dataset) + [.badges, .cards]
    }

    /// The tile a key names — the last three path components `z/x/y[@2x][-hash].ext` — or nil
    /// for an entry that is not a tile (a badge, a card, a static map).
    public static func tile(of key: some StringProtocol) -> (z: Int, x: Int, y: Int)? {
        let parts = key.split(separator: "/")
        guard parts.count >= 4, let z = number(parts[parts.count - 3]), let x = number(parts[parts.count - 2]),
              let y = leadingNumber(parts[parts.count - 1]) else { return nil }
        return (z, x, y)
    }

    /// A whole non-negative decimal number of at most 10 digits.
    static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 10, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    /// The digits a tile file's name starts with (`12@2x.png`, `12-9f2c.png` → 12), when a
    /// `.`, `@` or `-` follows them.
    static func leadingNumber(_ name: some StringProtocol) -> Int? {
        let digits = name.utf8.prefix { (48...57).contains($0) }
        guard !digits.isEmpty, digits.count <= 10, digits.count < name.utf8.count else { return nil }
        let next = name.utf8[name.utf8.index(name.utf8.startIndex, offsetBy: digits.count)]
        guard next == UInt8(ascii: ".") || next == UInt8(ascii: "@") || next == UInt8(ascii: "-") else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}
