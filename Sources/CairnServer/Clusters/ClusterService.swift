import Canvas
import ClusterOverlays
import Clusters
import Codecs
import Foundation
import Hummingbird
import Tiles

/// `/clusters/{dataset}…`: a dataset's clusters as GeoJSON, its clusters' children, leaves and
/// expansion zoom, vector and raster cluster tiles, and the cards of its points.
///
/// Every answer is named by the dataset's version (its points and options), in ETags and cache
/// keys, so a refresh never serves stale clusters as fresh and an unchanged re-read keeps the
/// caches warm.
struct ClusterService: Sendable {
    let datasets: [String: DatasetService]
    let store: ImageStore
    let renders: RenderQueue
    let cards: CardService
    /// Seconds clients and proxies may reuse an answer (`Cache-Control: max-age`).
    let maxAge: Int
    /// The longest `?filter=` in bytes, and how deep it may nest.
    let maxFilter: Int
    let maxFilterDepth: Int
    /// GeoJSON answers already gzipped, by the ETag of their gzipped form (which names the dataset
    /// version): a popular query is compressed once.
    private let gzippedAnswers = MemoryCache<String, [UInt8]>(capacity: 1024, byteCapacity: 32_000_000) { $0.count }

    func dataset(_ name: String) throws -> (DatasetService, DatasetService.Snapshot) {
        guard let service = datasets[name] else { throw ServeError.notFound("no dataset '\(name.prefix(64))'") }
        guard let snapshot = service.snapshot else { throw ServeError.overloaded }
        return (service, snapshot)
    }

    /// The dataset and what a request with `query` clusters: the whole dataset, or with
    /// `?filter=` the points it matches (built once per filter and snapshot, on the render
    /// workers; a property no point has is a 400).
    func view(_ name: String, query: [String: String]) async throws -> (DatasetService, ClusterView) {
        let (service, snapshot) = try dataset(name)
        guard let filter = try ClusterQuery.filter(query, maxLength: maxFilter, maxDepth: maxFilterDepth) else {
            return (service, ClusterView(snapshot))
        }
        do {
            let index = try await snapshot.filtered.index(filter, of: snapshot.index, renders: renders)
            return (service, ClusterView(snapshot, filtered: index, by: filter))
        } catch let error as FilterError {
            throw ServeError.badRequest(error.description)
        }
    }

    /// `GET /clusters/{dataset}?bbox=W,S,E,N&zoom=Z[&filter=][&extent=bbox|hull]`.
    func clusters(_ name: String, query: [String: String], request: Request) async throws -> Response {
        // An unknown dataset is a 404 before anything about the query is a 400.
        _ = try dataset(name)
        let (box, zoom) = try ClusterQuery.region(query)
        let extent = try ClusterQuery.extent(query)
        let (_, view) = try await view(name, query: query)
        return try await json(view, request: request, tag: "c|\(box)|\(zoom)", extent: extent) {
            view.index.featureCollection(view.index.clusters(in: box, zoom: zoom), extent: extent)
        }
    }

    /// `GET /clusters/{dataset}/{id}/children|leaves|expansion-zoom[?filter=]`; `?extent=` adds to
    /// the clusters among the children, and leaves no mark on points.
    func cluster(_ name: String, id idText: String, what: String, query: [String: String], request: Request) async throws -> Response {
        _ = try dataset(name)
        let id = try ClusterQuery.clusterID(idText)
        let extent = try ClusterQuery.extent(query)
        let (_, snapshot) = try await view(name, query: query)
        let index = snapshot.index
        guard index.cluster(id: id) != nil else { throw ServeError.notFound("no cluster \(id) in '\(name)'") }
        switch what {
        case "children":
            return try await json(snapshot, request: request, tag: "k|\(id)", extent: extent) {
                index.featureCollection((try? index.children(of: id)) ?? [], extent: extent)
            }
        case "leaves":
            let (limit, offset) = try ClusterQuery.page(query)
            return try await json(snapshot, request: request, tag: "l|\(id)|\(limit)|\(offset)") {
                index.featureCollection((try? index.leaves(of: id, limit: limit, offset: offset)) ?? [])
            }
        case "expansion-zoom":
            return try await json(snapshot, request: request, tag: "e|\(id)", contentType: "application/json") {
                Array("{\"cluster_id\":\(id),\"expansion_zoom\":\((try? index.expansionZoom(of: id)) ?? 0)}".utf8)
            }
        default:
            throw ServeError.notFound("expected children, leaves or expansion-zoom")
        }
    }

    /// `GET /clusters/{dataset}/{z}/{x}/{y}.mvt` and `…/{y}[@2x].png|webp`, `?filter=` on any,
    /// `?extent=` on vector tiles (an image has no extents to carry, and is the same without).
    func tile(_ name: String, z: String, x: String, file: String, query: [String: String], request: Request) async throws -> Response {
        let extent = try ClusterQuery.extent(query)
        let (service, view) = try await view(name, query: query)
        let plan = try TilePlan(name, z: z, x: x, file: file, dataset: service.dataset, version: view.version, extent: extent)
        let tileRequest = plan.request, tile = plan.request.tile, vector = plan.vector
        let overlay = service.overlay
        let (image, status) = try await store.image(plan.key) {
            if vector, let extent = plan.extent {
                // A cluster's first hull or box is made from its children's, maybe many of them: on the workers.
                return try await renders.run { view.index.vectorTile(z: tile.z, x: tile.x, y: tile.y, clusterExtent: extent) }
            }
            if vector { return view.index.vectorTile(z: tile.z, x: tile.x, y: tile.y) }
            return try await renders.run {
                let scale = Double(tileRequest.scale)
                let surface = try Surface(width: 256 * tileRequest.scale, height: 256 * tileRequest.scale)
                try overlay.draw(view.index, zoom: tile.z, originX: 256 * tile.x, originY: 256 * tile.y, on: surface, scale: scale)
                return try ImageEncoder.overlay(for: tileRequest.format).encode(surface)
            }
        }
        return image.answer(request.method, request.headers, status: status, maxAge: maxAge).response
    }

    /// The tile (its answer prepared with the representation its file asks for) as a hit when it
    /// is in memory, else nil (a filtered request, a bad one, or one to render or read from disk):
    /// what the hot lane answers.
    /// `path` is the tile's part of the request's path as sent (`7/64/40.png`).
    func hitTile(_ name: String, path: Substring, query: [String: String]) -> ServedImage? {
        guard query["filter"]?.isEmpty ?? true, let service = datasets[name], let version = service.version else { return nil }
        let extent: ClusterExtent?
        do { extent = try ClusterQuery.extent(query) } catch { return nil }
        // A tile spelled as its cache key (`7/64/40.png`, `8/1/2.mvt`) is looked up without parsing (the
        // memory tier only holds the keys of plans made below); others, and tiles with an extent, are parsed.
        if extent == nil, let image = store.hit(TilePlan.key(name, version: version, tile: path)) { return image }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let plan = try? TilePlan(name, z: String(parts[0]), x: String(parts[1]), file: String(parts[2]),
                                       dataset: service.dataset, version: version, extent: extent) else { return nil }
        return store.hit(plan.key)
    }

    /// `GET /clusters/{dataset}/points/{id}/card.png`: a point's card, filled from its properties.
    func card(_ name: String, pointID: String, file: String, query: [String: String]) async throws -> (ServedImage, String) {
        try await cards.card(cardRequest(name, pointID: pointID, file: file, query: query))
    }

    /// The point's card as a hit when it is in memory, else nil: what the hot lane answers.
    func hitCard(_ name: String, pointID: String, file: String, query: [String: String]) -> ServedImage? {
        guard let request = try? cardRequest(name, pointID: pointID, file: file, query: query) else { return nil }
        return cards.hit(request)
    }

    /// The card a point's properties fill in from the dataset's card template.
    private func cardRequest(_ name: String, pointID: String, file: String, query: [String: String]) throws -> CardService.Request {
        let (service, snapshot) = try dataset(name)
        guard file == "card.png" else { throw ServeError.notFound("expected …/points/{id}/card.png") }
        guard let template = service.dataset.card else { throw ServeError.notFound("dataset '\(name)' has no card template") }
        guard let point = snapshot.index.pointIndex(forID: pointID) else { throw ServeError.notFound("no point '\(pointID.prefix(64))' in '\(name)'") }
        let points = snapshot.index.points
        let properties: JSONObject
        if let text = points.properties.bytes(of: point), case .object(let object)? = try? JSONValue(parsing: text) {
            properties = object
        } else {
            properties = JSONObject()
        }
        let id = points.ids.bytes(of: point).flatMap { try? JSONValue(parsing: $0) }
        let title = CardTemplate.fill(template.title, properties: properties, id: id)
        let subtitle = template.subtitle.map { CardTemplate.fill($0, properties: properties, id: id) }
        let image = template.image.map { CardTemplate.fill($0, properties: properties, id: id) }
        let scale = try QueryValue.wholeNumber(query["scale"], name: "scale")
        return CardService.Request(title: title.isEmpty ? " " : title, subtitle: subtitle?.isEmpty == false ? subtitle : nil,
                                   imageID: image?.isEmpty == false ? image : nil, scale: scale, theme: query["theme"])
    }

    /// A JSON answer named by the view's version and `tag` (and `extent`), made by `body` unless the
    /// client has it already; with an extent, on the render workers (a cluster's first hull or box is
    /// made from its children's, maybe many of them).
    private func json(_ snapshot: ClusterView, request: Request, tag: String, extent: ClusterExtent? = nil,
                      contentType: String = "application/geo+json", body: @escaping @Sendable () -> [UInt8]) async throws -> Response {
        let named = tag + (extent.map { "|" + $0.rawValue } ?? "")
        let etag = "\"" + snapshot.version + "-" + ETag.of(Array(named.utf8)).filter { $0 != "\"" } + "\""
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "public, max-age=\(maxAge)"
        let gzip = GzipCoding.negotiate(request, etag: etag, headers: &headers)
        let tag = headers[.eTag] ?? etag
        headers[.lastModified] = HTTPDate.format(Date(timeIntervalSince1970: snapshot.loadedAt.timeIntervalSince1970.rounded(.down)))
        if ConditionalRequest.isNotModified(request, etag: tag, lastModified: headers[.lastModified]) {
            return Response(status: .notModified, headers: headers)
        }
        func made() async throws -> [UInt8] { extent == nil ? body() : try await renders.run(body) }
        let bytes: [UInt8]
        if gzip {
            if let gzipped = gzippedAnswers.value(for: tag) {
                bytes = gzipped
            } else {
                bytes = Gzip.compress(try await made())
                gzippedAnswers.store(bytes, for: tag)
            }
        } else {
            bytes = try await made()
        }
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
