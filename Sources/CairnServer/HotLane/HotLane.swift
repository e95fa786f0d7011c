import CoreMetrics
import Dispatch
import HTTPTypes
import HotLane
import Hummingbird
import Logging
import NIOCore

/// The hot lane: answers a request for a cacheable route (``CacheableRoute``) whose answer is
/// fresh in the memory tier as soon as its head arrives, on the connection's event loop — no
/// router walk, no middleware fold, no task hop — with exactly the status, headers and body the
/// router would send (both are made from the entry's ``PreparedAnswer``), counted in the same
/// metrics and logged the same way. Everything else (a miss, a stale tile, a disk hit, a bad
/// request, a signed route, a filtered cluster tile, an animated layer) is left to the router:
/// ``answer(_:)`` returns nil. ``HotLaneHandler`` is its place on each connection, in front of the HTTP decoder.
final class HotLane: Sendable {
    /// A cacheable route with a memory tier as the lane needs it: its template's segments and name,
    /// its lookup, and its `200` and `304` meters (made once: looking them up per hit cost a tenth of a hit).
    private struct Route: Sendable {
        let segments: [CacheableRoute.Segment]
        let name: String
        let hit: @Sendable (CacheableRoute.HitRequest) -> ImageAnswer?
        let ok: RequestMeter
        let notModified: RequestMeter
    }

    private let routes: [Route]
    let cors: String?
    /// `security.signing.routes`: requests to them always go to the router (and its signature check).
    let signed: Set<SignedRoute>
    let record: RequestRecord
    /// `cairn_hot_lane_answers_total`.
    let answers: CoreMetrics.Counter

    init(services: CairnServer.Services, config: ServerConfig, logger: Logger) {
        routes = CacheableRoute.all(services: services, config: config).compactMap { route in
            route.hit.map { hit in
                Route(segments: route.segments, name: route.name, hit: hit, ok: services.metrics.requestMeter(route: route.name, status: 200),
                      notModified: services.metrics.requestMeter(route: route.name, status: 304))
            }
        }
        cors = config.server.cors
        signed = config.security.signing?.routes ?? []
        record = RequestRecord(metrics: services.metrics, logger: logger)
        answers = services.metrics.hotLaneAnswers()
    }

    /// The whole answer to the request `raw` (counted and logged), or nil when the router must answer it.
    func answer(_ raw: RawRequestHead) -> HotAnswer? {
        guard raw.method == .get || raw.method == .head else { return nil }
        let start = DispatchTime.now()
        let target = raw.target
        let path = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[..<$0] } ?? target[...]
        // Only plain paths: no escapes (the router's matching of those is its own).
        guard !path.utf8.contains(UInt8(ascii: "%")) else { return nil }
        guard let parts = Self.segments(of: path) else { return nil }
        // By index: the routes are not copied (nor their closures and arrays retained) to be compared.
        for index in routes.indices where CacheableRoute.Segment.path(parts, matches: routes[index].segments) {
            let route = routes[index]
            let request = CacheableRoute.HitRequest(method: raw.method, headers: raw.fields, target: target, template: route.segments, path: parts)
            guard open(route.name, path: path), let answer = route.hit(request) else { return nil }
            var head = answer.head
            head.append(lines: AnswerTail.lines(for: ObjectIdentifier(self), cors: cors))
            record.finished(method: raw.method, target: target, meter: answer.status == .ok ? route.ok : route.notModified,
                            cacheStatus: answer.cacheStatus, since: start)
            answers.increment()
            return HotAnswer(head: head.finished(), body: raw.method == .head ? nil : answer.body, closes: raw.fields[.connection] == "close")
        }
        return nil
    }

    /// The segments of `path` after its leading `/`, nil when it has an empty one (the router's
    /// matching of those is its own).
    private static func segments(of path: Substring) -> ArraySlice<Substring>? {
        let utf8 = path.utf8
        let slash = UInt8(ascii: "/")
        // Slash offsets found in the contiguous bytes, then the segments made by index.
        let offsets: [Int]? = utf8.withContiguousStorageIfAvailable { bytes in
            var offsets: [Int] = []
            offsets.reserveCapacity(8)
            for (offset, byte) in bytes.enumerated() where byte == slash { offsets.append(offset) }
            return offsets
        }
        guard let offsets, offsets.first == 0 else { return nil }
        var segments: [Substring] = []
        segments.reserveCapacity(offsets.count)
        for (number, offset) in offsets.enumerated() {
            let end = number + 1 < offsets.count ? offsets[number + 1] : utf8.count
            guard end > offset + 1 else { return nil }
            segments.append(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: offset + 1)..<utf8.index(utf8.startIndex, offsetBy: end)]))
        }
        return segments[...]
    }

    /// Whether the route is open to the lane: not one of the signed routes.
    private func open(_ route: String, path: Substring) -> Bool {
        signed.isEmpty || !SignedRoute.groups(endpoint: route, path: String(path)).contains(where: signed.contains)
    }
}
