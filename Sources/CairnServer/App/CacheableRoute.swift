import HTTPTypes
import Hummingbird
import HummingbirdCore

/// One cacheable route, declared once: its path template, the router's answer, and the memory
/// tier's answer for the hot lane. ``Routes`` registers every entry of ``all(services:config:)``
/// on the router; ``HotLane`` matches a request's path against the same templates
/// (``Segment/path(_:matches:)``) and asks the entry's ``hit``. Whether a route is signed follows from its template
/// (``SignedRoute/groups(endpoint:path:)``). A new cacheable route is one more entry.
struct CacheableRoute: Sendable {
    /// A request as the memory tier's lookup sees it: its method, header fields and target, and
    /// the path's segments that matched the template.
    struct HitRequest {
        let method: HTTPRequest.Method
        let headers: HTTPFields
        let target: String
        /// The template's segments.
        let template: [Segment]
        /// The path's segments (after its leading `/`), one for each of the template's.
        let path: ArraySlice<Substring>

        /// The capture `name` of the template (empty when there is none).
        func parameter(_ name: String) -> String {
            for (segment, part) in zip(template, path) {
                if case .capture(let capture) = segment, capture == name { return String(part) }
            }
            return ""
        }

        /// The path from its segment `index` on (`2/2/1.png` of `/tiles/world/2/2/1.png` from 1), as sent.
        func path(from index: Int) -> Substring {
            let first = path[path.startIndex + index]
            return Substring(first.base.utf8[first.startIndex..<path[path.endIndex - 1].endIndex])
        }

        /// The query as a dictionary (first value wins), nil when the router would refuse it.
        var query: [String: String]? {
            guard target.utf8.contains(UInt8(ascii: "?")) else { return [:] }
            return try? QueryValue.parameters(of: URI(target))
        }
    }

    /// One segment of a template: a literal, or a capture (`:name`) of one whole segment.
    enum Segment: Equatable, Sendable {
        case literal(String)
        case capture(String)

        /// Whether a path whose segments (after its leading `/`) are `path` matches a template of
        /// these segments: as many segments, the literal ones equal.
        static func path(_ path: ArraySlice<Substring>, matches template: [Segment]) -> Bool {
            guard path.count == template.count else { return false }
            for (segment, part) in zip(template, path) {
                if case .literal(let literal) = segment, part != literal { return false }
            }
            return true
        }
    }

    /// As the router takes it: `/tiles/:layer/:z/:x/:file`.
    let template: RouterPath
    /// The template's segments, split once.
    let segments: [Segment]
    /// The router's answer (a hit, a miss, a stale tile, a disk read, or an error thrown).
    let answer: @Sendable (Request, Parameters) async throws -> Response
    /// The answer when the memory tier has it fresh, at once, else nil; nil for a route without a memory tier.
    let hit: (@Sendable (HitRequest) -> ImageAnswer?)?

    init(_ template: String, answer: @escaping @Sendable (Request, Parameters) async throws -> Response,
         hit: (@Sendable (HitRequest) -> ImageAnswer?)?) {
        self.template = RouterPath(template)
        segments = template.split(separator: "/").map { $0.first == ":" ? .capture(String($0.dropFirst())) : .literal(String($0)) }
        self.answer = answer
        self.hit = hit
    }

    /// The name the metrics' `route` label and the log give it, as the router does: `/tiles/{layer}/{z}/{x}/{file}`.
    var name: String { template.description }

}
