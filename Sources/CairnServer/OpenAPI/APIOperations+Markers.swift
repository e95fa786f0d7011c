import Markers

/// `/badges/…` and `/cards/…`: cluster badges and info-window cards.
extension APIOperations {
    static func markers(_ config: ServerConfig) -> [APIOperation] {
        let limits = config.limits
        let scale = OAS.integer(1...limits.maxScale)
        let png: [String: APIOperation.Object] = [
            "200": OAS.response("The PNG image.", content: OAS.images(["image/png"]), headers: OAS.cachedImageHeaders),
        ]
        let image = OAS.string(pattern: "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$")
        return [
            APIOperation(method: "get", path: "/badges/{count}.png", route: "/badges/{file}", id: "getBadge", tag: "markers",
                         summary: "A cluster badge: the round marker with a count",
                         parameters: [
                            OAS.path("count", OAS.integer(1...limits.maxBadgeCount), "The count on the badge."),
                            OAS.query("style", OAS.names(Array(config.badges.styles.keys)), "The badge style (default \(config.badges.defaultStyle))."),
                            OAS.query("scale", scale, "Pixel density (default 1)."),
                            OAS.query("label", OAS.choice(LabelMode.allCases.map(\.rawValue)), "How the count is written (the style's by default)."),
                            OAS.query("parts", OAS.string(maxLength: 2000),
                                      "What the count is made of, NAME:COUNT[:COLOUR],…, drawn in `look`.", example: "restaurant:30:e6194b,cafe:12"),
                            OAS.query("look", OAS.choice(PartsLook.allCases.map(\.rawValue)), "How parts are drawn (needs parts; default donut)."),
                         ],
                         responses: png.merging(OAS.errors(["304", "400", "404", "503"])) { $1 }, signed: [.badges]),
            APIOperation(method: "get", path: "/cards/{image_id}.png", route: "/cards/{file}", id: "getCard", tag: "markers",
                         summary: "An info-window card: a thumbnail (by id, from cards.image_source), a title and a subtitle",
                         description: "A card whose thumbnail cannot be had is drawn with a placeholder and not kept (Cache-Status: detail=thumbnail-unavailable).",
                         parameters: [
                            OAS.path("image_id", image, "The thumbnail's id."),
                            OAS.query("title", OAS.string(maxLength: limits.maxText, minLength: 1), "The title.", required: true, example: "Café Central"),
                            OAS.query("subtitle", OAS.string(maxLength: limits.maxText), "The subtitle.", example: "Vienna · since 1876"),
                            OAS.query("scale", scale, "Pixel density (default 1)."),
                            OAS.query("theme", OAS.choice(CardTheme.named.keys.sorted()), "Colours (default light)."),
                         ],
                         responses: png.merging(OAS.errors(["304", "400", "404", "503"])) { $1 }, signed: [.cards]),
            APIOperation(method: "post", path: "/cards.png", route: "/cards.png", id: "postCard", tag: "markers",
                         summary: "An info-window card from a JSON body",
                         body: ["required": true, "content": OAS.json(OAS.ref("CardRequest"))],
                         responses: png.merging(OAS.errors(["304", "400", "413", "503"])) { $1 }, signed: [.cards]),
        ]
    }
}
