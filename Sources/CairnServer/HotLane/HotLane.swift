import CoreMetrics
import Dispatch
import HTTPTypes
import HotLane
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The hot lane: answers a request for a tile, badge, card or cluster tile that is fresh in the
/// memory tier as soon as its head arrives, on the connection's event loop — no router walk, no
/// middleware fold, no task hop — with exactly the status, headers and body the router would
/// send, counted in the same metrics and logged the same way. Everything else (a miss, a stale
/// tile, a disk hit, a bad request, a signed route, a filtered cluster tile, an animated layer)
/// is left to the router: ``answer(_:)`` returns nil. ``HotLaneHandler`` is its place on each connection,
/// in front of the HTTP decoder.
final class HotLane: Sendable {
    let services: CairnServer.Services
    let cors: String?
    /// `cache.ttl` in seconds: the `max-age` of badges and cards.
    let ttl: Int
    /// `security.signing.routes`: requests to them always go to the router (and its signature check).
    let signed: Set<SignedRoute>
    let record: RequestRecord
    /// The `200 OK` meters of the routes plain targets are answered on.
    let plainMeters: PlainMeters
    /// `cairn_hot_lane_answers_total`.
    let answers: CoreMetrics.Counter
    /// This lane's number in the process, which its kept answers carry (``PlainAnswers``).
    let serial: Int
    private static let serials = Atomic<Int>(0)

    init(services: CairnServer.Services, config: ServerConfig, logger: Logger) {
        self.services = services
        cors = config.server.cors
        ttl = Int(config.cache.ttl)
        signed = config.security.signing?.routes ?? []
        record = RequestRecord(metrics: services.metrics, logger: logger)
        plainMeters = PlainMeters(metrics: services.metrics)
        answers = services.metrics.hotLaneAnswers()
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// The whole answer to the request `raw` (counted and logged), or nil when the router must
    /// answer it. A hit asked for by a plain target takes the shortest way (``answerPlainTarget(_:since:)``).
    func answer(_ raw: RawRequestHead) -> HotAnswer? {
        guard raw.method == .get || raw.method == .head else { return nil }
        let start = DispatchTime.now()
        if let answer = answerPlainTarget(raw, since: start) { return answer }
        let head = raw.request
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let path = request.uri.path
        // Only plain paths: no escapes, no empty segments (the router's matching of those is its own).
        guard !path.utf8.contains(UInt8(ascii: "%")) else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 3 || segments.count == 6, segments[0].isEmpty,
              !segments.dropFirst().contains(where: { $0.isEmpty }) else { return nil }
        guard let found = lookup(segments.dropFirst().map(String.init), request: request) else { return nil }
        let (route, image) = found
        var bytes = HeadBytes(status: image.status)
        for field in image.headers { bytes.append(field.name, field.value) }
        let meter = services.metrics.requestMeter(route: route.description, status: Int(image.status.code))
        return finish(bytes, raw, target: request.uri.description, meter: meter, cacheStatus: image.headers[.cacheStatus],
                      body: image.body, since: start)
    }

    /// The answer whose head has the image's fields so far: CORS (none of the image's own), `Date`
    /// (which ``DateHeader`` sets again when the router's answer is written) and `Server` follow, as
    /// the application adds them; counted (with `meter`, the route's and status's) and logged; the
    /// body only for a GET.
    func finish(_ head: consuming HeadBytes, _ raw: RawRequestHead, target: String, meter: RequestMeter,
                cacheStatus: String?, body: @autoclosure () -> ByteBuffer?, since start: DispatchTime) -> HotAnswer {
        answered(raw, head: completed(head), body: body(), target: target, meter: meter, cacheStatus: cacheStatus, since: start)
    }

    /// The head with the fields that follow the image's own: CORS, `Date` and `Server`, and its empty line.
    func completed(_ head: consuming HeadBytes) -> ByteBuffer {
        if let cors { CORS.append(cors, to: &head) }
        head.append(.date, DateHeader.now())
        head.append(.server, CairnServer.serverName)
        return head.finished()
    }

    /// The answer of a complete head and its body (none for a HEAD), counted and logged.
    func answered(_ raw: RawRequestHead, head: ByteBuffer, body: @autoclosure () -> ByteBuffer?, target: String,
                  meter: RequestMeter, cacheStatus: String?, since start: DispatchTime) -> HotAnswer {
        record.finished(method: raw.method, target: target, meter: meter, cacheStatus: cacheStatus, since: start)
        answers.increment()
        return HotAnswer(head: head, body: raw.method == .head ? nil : body(), closes: raw.fields[.connection] == "close")
    }

    /// The route and the answer for a request whose path has these segments, when it is a hit.
    private func lookup(_ segments: [String], request: Request) -> (RouterPath, ImageAnswer)? {
        switch (segments[0], segments.count) {
        case ("tiles", 5):
            guard open(RouteTemplate.tile, request), let layer = services.layers[segments[1]], services.animations[segments[1]] == nil,
                  let tile = try? TileRequest.parse(layer: segments[1], z: segments[2], x: segments[3], file: segments[4]),
                  let hit = layer.hit(tile) else { return nil }
            return (RouteTemplate.tile, hit.answer(to: request))
        case ("badges", 2):
            guard open(RouteTemplate.badge, request), let query = try? QueryValue.parameters(of: request.uri),
                  let hit = services.badges.hit(file: segments[1], query: query) else { return nil }
            return (RouteTemplate.badge, hit.answer(to: request, status: "cairn; hit", maxAge: ttl))
        case ("cards", 2):
            guard open(RouteTemplate.card, request), let query = try? QueryValue.parameters(of: request.uri),
                  let card = try? CardService.Request(file: segments[1], query: query),
                  let hit = services.cards.hit(card) else { return nil }
            return (RouteTemplate.card, hit.answer(to: request, status: "cairn; hit", maxAge: ttl))
        case ("clusters", 5):
            guard open(RouteTemplate.clusterTile, request), let query = try? QueryValue.parameters(of: request.uri) else { return nil }
            if segments[2] == "points" {
                guard let hit = services.clusters.hitCard(segments[1], pointID: segments[3], file: segments[4], query: query) else { return nil }
                return (RouteTemplate.clusterTile, hit.answer(to: request, status: "cairn; hit", maxAge: ttl))
            }
            guard let answer = services.clusters.hitTile(segments[1], z: segments[2], x: segments[3], file: segments[4],
                                                          query: query, request: request) else { return nil }
            return (RouteTemplate.clusterTile, answer)
        default:
            return nil
        }
    }

    /// Whether the route is open to the lane: not one of the signed routes.
    private func open(_ route: RouterPath, _ request: Request) -> Bool {
        signed.isEmpty || !SignedRoute.groups(endpoint: route.description, path: request.uri.path).contains(where: signed.contains)
    }

}
