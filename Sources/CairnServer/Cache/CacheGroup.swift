/// What a cache entry belongs to, as `cairn cache stats` lists it and `clear` takes it: one layer
/// (its tiles, its animation frames and animations, its static maps), one cluster dataset (its
/// vector and overlay tiles), badges, cards, or `other` (entries of layers or datasets no longer in
/// the configuration).
public enum CacheGroup: Hashable, Sendable, Comparable, CustomStringConvertible {
    case layer(String)
    case dataset(String)
    case badges
    case cards
    case other

    /// `layer`, `dataset`, `badges`, `cards` or `other` (the JSON field `kind`).
    public var kind: String {
        switch self {
        case .layer: "layer"
        case .dataset: "dataset"
        case .badges: "badges"
        case .cards: "cards"
        case .other: "other"
        }
    }

    /// The layer's or dataset's name; nil for the others.
    public var name: String? {
        switch self {
        case .layer(let name), .dataset(let name): name
        default: nil
        }
    }

    /// `layer osm`, `dataset cities`, `badges`: how the text output names it.
    public var description: String { name.map { "\(kind) \($0)" } ?? kind }

    private var rank: Int {
        switch self {
        case .layer: 0
        case .dataset: 1
        case .badges: 2
        case .cards: 3
        case .other: 4
        }
    }

    public static func < (a: CacheGroup, b: CacheGroup) -> Bool {
        a.rank != b.rank ? a.rank < b.rank : (a.name ?? "") < (b.name ?? "")
    }
}
