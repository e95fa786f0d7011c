import Codecs
import Foundation
import Markers

/// `GET /badges/{count}.png?style=&scale=&label=`: cluster badges in the configured styles.
struct BadgeService: Sendable {
    let badges: ServerConfig.Badges
    let limits: ServerConfig.Limits
    let store: ImageStore
    let renders: RenderQueue
    /// A fingerprint of each style's definition, part of the cache key, so that an edited style
    /// file never serves yesterday's look from the disk cache.
    private let styleTags: [String: String]
    private let keys = BadgeKeyMemo()

    init(badges: ServerConfig.Badges, limits: ServerConfig.Limits, store: ImageStore, renders: RenderQueue) {
        self.badges = badges
        self.limits = limits
        self.store = store
        self.renders = renders
        styleTags = badges.styles.mapValues { ETag.of(Array(String(describing: $0).utf8)).filter { $0 != "\"" } }
    }

    func badge(file: String, query: [String: String]) async throws -> (ServedImage, String) {
        guard file.hasSuffix(".png") else { throw ServeError.notFound("badges are .png") }
        let countText = file.dropLast(4)
        guard !countText.isEmpty, countText.count <= 19, countText.utf8.allSatisfy({ (48...57).contains($0) }),
              let count = Int(countText), count >= 1, count <= limits.maxBadgeCount else {
            throw ServeError.badRequest("count must be a whole number from 1 to \(limits.maxBadgeCount)")
        }
        let styleName = query["style"] ?? badges.defaultStyle
        guard let style = badges.styles[styleName], let tag = styleTags[styleName] else {
            throw ServeError.badRequest("unknown style '\(styleName.prefix(40))' (known: \(badges.styles.keys.sorted().joined(separator: ", ")))")
        }
        let scale = try QueryValue.scale(query["scale"], maximum: limits.maxScale)
        let label: LabelMode? = try query["label"].map { text in
            guard let mode = LabelMode(rawValue: text) else { throw ServeError.badRequest("label must be exact, bucket or abbrev") }
            return mode
        }
        // Counts that look the same share an entry: the key is the look, not the number.
        let key = try keys.key(for: .init(style: styleName, count: count, scale: scale, label: label)) {
            let layout = try style.layout(for: count, label: label)
            return "_badges/\(styleName)-\(tag)/\(scale)x/\(ETag.of(Array(String(describing: layout).utf8)).filter { $0 != "\"" }).png"
        }
        return try await store.image(key) {
            try await renders.run { try style.layout(for: count, label: label).encoded(as: .png, scale: Double(scale)) }
        }
    }
}

/// Query parameters shared by the badge and card routes.
enum QueryValue {
    static func scale(_ text: String?, maximum: Int) throws -> Int {
        guard let text else { return 1 }
        guard let scale = Int(text), (1...maximum).contains(scale) else {
            throw ServeError.badRequest("scale must be a whole number from 1 to \(maximum)")
        }
        return scale
    }
}
