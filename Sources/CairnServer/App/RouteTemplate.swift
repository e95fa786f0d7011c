import Hummingbird

/// The templates of the routes the hot lane answers too, so that it reports them under the same
/// names as the router (`/tiles/{layer}/{z}/{x}/{file}` in the metrics' `route` label and the log).
enum RouteTemplate {
    static let tile: RouterPath = "/tiles/:layer/:z/:x/:file"
    static let badge: RouterPath = "/badges/:file"
    static let card: RouterPath = "/cards/:file"
    /// Cluster tiles, and `/clusters/{dataset}/points/{id}/card.png`, which has as many segments.
    static let clusterTile: RouterPath = "/clusters/:dataset/:z/:x/:file"
}
