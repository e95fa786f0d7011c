/// The groups of routes `security.signing.routes` can ask signatures for.
public enum SignedRoute: String, CaseIterable, Sendable {
    /// `/tiles/{layer}/{z}/{x}/{y}…`: the image tiles (TileJSON, `/tiles/{layer}.json`, stays open).
    case tiles
    /// `/static/…`: static maps.
    case `static`
    /// Every `/clusters/…` route: GeoJSON, children, leaves, expansion zoom, vector and overlay tiles, point cards.
    case clusters
    /// `/badges/…`.
    case badges
    /// `/cards/…`, `POST /cards.png` and `/clusters/{dataset}/points/{id}/card.png`.
    case cards

    /// The groups the route matched by the router (its template, e.g. `/tiles/{layer}/{z}/{x}/{file}`)
    /// belongs to, for a request for the raw `path`: none for the routes that are always open.
    /// A point's card belongs to both `clusters` and `cards`.
    static func groups(endpoint: String, path: String) -> [SignedRoute] {
        let template = endpoint.split(separator: "/")
        switch template.first {
        case "tiles": return template.count > 2 ? [.tiles] : []
        case "static": return [.static]
        case "badges": return [.badges]
        case "cards", "cards.png": return [.cards]
        case "clusters":
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let isCard = template.count == 5 && segments.count == 5 && segments[segments.startIndex + 2] == "points"
            return isCard ? [.clusters, .cards] : [.clusters]
        default: return []
        }
    }
}
