import Canvas
import Codecs
import Foundation
import Markers
import RemoteTiles
import Tiles

/// `GET /cards/{id}.png?title=&subtitle=&scale=&theme=` and `POST /cards.png`: info-window cards
/// whose thumbnail is fetched by id from the configured template. Clients pass ids, never URLs, so
/// the server cannot be made to fetch anything else (no SSRF); ids are plain names.
package struct CardService: Sendable {
    /// The parameters of one card, from a query string or a JSON body.
    package struct Request: Decodable, Sendable {
        package var title: String
        package var subtitle: String?
        package var imageID: String?
        package var scale: Int?
        package var theme: String?

        enum CodingKeys: String, CodingKey {
            case title, subtitle, scale, theme
            case imageID = "image_id"
        }
    }

    let cards: ServerConfig.Cards
    let limits: ServerConfig.Limits
    let store: ImageStore
    let renders: RenderQueue
    /// A card's thumbnail fetch and render count as one production (load shedding).
    let productions: ProductionLimit
    let fetcher: HTTPFetcher?

    init(cards: ServerConfig.Cards, limits: ServerConfig.Limits, store: ImageStore, renders: RenderQueue, productions: ProductionLimit) {
        self.cards = cards
        self.limits = limits
        self.store = store
        self.renders = renders
        self.productions = productions
        var options = HTTPSourceOptions()
        options.maximumBodyBytes = limits.maxUpstreamBytes
        options.retries = 1
        options.timeout = 5
        options.deadline = 10
        fetcher = cards.imageSource.map { $0.hasPrefix("file://") ? nil : HTTPFetcher(options: options) } ?? nil
    }

    /// The `{id}.png` of a GET, with its query.
    func card(file: String, query: [String: String]) async throws -> (ServedImage, String) {
        try await card(Request(file: file, query: query))
    }

    func card(_ request: Request) async throws -> (ServedImage, String) {
        let (key, scale, theme) = try resolve(request)
        do {
            return try await store.image(key) {
                try await productions.admit {
                    let thumbnail = try await self.thumbnail(request.imageID)
                    let card = Card(title: request.title, subtitle: request.subtitle, thumbnail: thumbnail.image, width: cards.width, theme: theme)
                    let bytes = try await renders.run { try PNGEncoder().encode(card.render(scale: Double(scale))) }
                    guard thumbnail.final else { throw Uncacheable(bytes: bytes) }
                    return bytes
                }
            }
        } catch let card as Uncacheable {
            // No image (yet), or the image server failed: answer with the placeholder card now, but do not keep it.
            return (ServedImage(bytes: card.bytes, etag: ETag.of(card.bytes), storedAt: Date().timeIntervalSince1970.rounded(.down), key: key),
                    "cairn; fwd=miss; detail=thumbnail-unavailable")
        }
    }

    /// The card as a hit when it is in memory, else nil (a bad request, or one to render or read
    /// from disk): what the hot lane answers.
    func hit(_ request: Request) -> ServedImage? {
        guard let resolved = try? resolve(request) else { return nil }
        return store.hit(resolved.key)
    }

    /// The cache key of the card `request` asks for, once its parameters are checked; its scale and theme.
    private func resolve(_ request: Request) throws -> (key: String, scale: Int, theme: CardTheme) {
        let (scale, theme) = try request.checked(limits: limits)
        let themeName = request.theme ?? "light"
        let parameters = [request.title, request.subtitle ?? "", request.imageID ?? "", String(scale), themeName, String(cards.width)]
        return ("_cards/" + ETag.of(Array(parameters.joined(separator: "\u{1F}").utf8)).filter { $0 != "\"" } + ".png", scale, theme)
    }

    /// A card drawn with a placeholder because its image could not be had.
    private struct Uncacheable: Error {
        let bytes: [UInt8]
    }

    /// The thumbnail for `id`: the image (`final`: the card may be kept), or a placeholder because
    /// there is no such image yet or the image server failed (not final: worth another try later, so
    /// a card never keeps its placeholder once the image exists).
    private func thumbnail(_ id: String?) async throws -> (image: Card.Thumbnail, final: Bool) {
        guard let id, let template = cards.imageSource else { return (.none, true) }
        let location = template.replacingOccurrences(of: "{id}", with: id)
        let bytes: [UInt8]
        if let fetcher {
            guard let answer = try? await fetcher.fetch(location) else { return (.placeholder, false) }
            guard answer.status == 200 else { return (.placeholder, false) }
            bytes = answer.body
        } else {
            guard let data = FileManager.default.contents(atPath: String(location.dropFirst("file://".count))) else { return (.placeholder, false) }
            bytes = Array(data)
        }
        guard let image = try? ImageDecoder.decode(bytes, limits: limits.decode) else { return (.placeholder, false) }
        return (.image(image), true)
    }

    /// Ids name images; they are plain names, never paths or URLs.
    static func checkID(_ id: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !id.isEmpty, id.count <= 128, !id.hasPrefix("."),
              id.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            throw ServeError.badRequest("image ids use letters, digits, '.', '_' and '-' (at most 128, not starting with '.')")
        }
    }
}

extension CardService.Request {
    /// The `{id}.png` path segment of a GET and its query: `title` (required), `subtitle`, `scale`, `theme`.
    package init(file: String, query: [String: String]) throws {
        guard file.hasSuffix(".png") else { throw ServeError.notFound("cards are .png") }
        guard let title = query["title"] else { throw ServeError.badRequest("title is required") }
        self.init(title: title, subtitle: query["subtitle"], imageID: String(file.dropLast(4)),
                  scale: try QueryValue.wholeNumber(query["scale"], name: "scale"), theme: query["theme"])
    }

    /// The scale and theme, once the texts, scale, theme and image id are checked against `limits`.
    package func checked(limits: ServerConfig.Limits) throws -> (scale: Int, theme: CardTheme) {
        guard !title.isEmpty, title.count <= limits.maxText, (subtitle?.count ?? 0) <= limits.maxText else {
            throw ServeError.badRequest("title (required) and subtitle must have at most \(limits.maxText) characters")
        }
        let scale = try QueryValue.scale(self.scale.map(String.init), maximum: limits.maxScale)
        guard let theme = CardTheme.named[theme ?? "light"] else { throw ServeError.badRequest("theme must be light or dark") }
        if let imageID { try CardService.checkID(imageID) }
        return (scale, theme)
    }
}
