import Codecs
import Foundation
import Markers

/// `GET /badges/{count}.png?style=&scale=&label=&parts=&look=`: cluster badges in the configured
/// styles, plain or with the parts their count is made of.
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
        let (request, style, tag) = try resolve(file: file, query: query)
        // Counts that look the same share an entry: the key is the look, not the number.
        // With parts, the layout names the look and the slices, so they are part of the key too.
        let key = try keys.key(for: request) {
            let layout = try Self.layout(of: request, in: style)
            return "_badges/\(request.style)-\(tag)/\(request.scale)x/\(ETag.of(Array(String(describing: layout).utf8)).filter { $0 != "\"" }).png"
        }
        return try await store.image(key) {
            try await renders.run { try Self.layout(of: request, in: style).encoded(as: .png, scale: Double(request.scale)) }
        }
    }

    /// The badge as a hit when it is in memory and its cache key is remembered, else nil (a bad
    /// request, or one to render or read from disk): what the hot lane answers.
    func hit(file: String, query: [String: String]) -> ServedImage? {
        guard let resolved = try? resolve(file: file, query: query), let key = keys.known(resolved.0) else { return nil }
        return store.hit(key)
    }

    /// The parsed request, its style and the style's fingerprint.
    private func resolve(file: String, query: [String: String]) throws -> (BadgeRequest, BadgeStyle, String) {
        let request = try BadgeRequest(file: file, query: query, badges: badges, limits: limits)
        guard let style = badges.styles[request.style], let tag = styleTags[request.style] else {
            throw ServeError.badRequest("unknown style '\(request.style.prefix(40))'")
        }
        return (request, style, tag)
    }

    /// The badge `request` asks for, resolved under `style`: plain, or with its parts.
    private static func layout(of request: BadgeRequest, in style: BadgeStyle) throws -> any DrawableBadge {
        if let parts = request.parts {
            return try style.layout(for: request.count, label: request.label, parts: parts, look: request.look)
        }
        return try style.layout(for: request.count, label: request.label)
    }
}
