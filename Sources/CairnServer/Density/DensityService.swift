import Canvas
import Clusters
import Codecs
import Density
import Hummingbird
import Tiles

/// `/heatmap/{dataset}/{z}/{x}/{y}[@2x].png|webp` and `/grid/{dataset}/{z}/{x}/{y}.mvt|.geojson|[@2x].png|.webp`:
/// a dataset's density maps (``Heatmap``, ``Grid``), drawn on the render workers and cached like
/// its cluster tiles: named by the dataset's version (so a refresh changes them as it changes its
/// clusters), by `?filter=` and by every option, in the cache key and the ETag.
struct DensityService: Sendable {
    let clusters: ClusterService
    /// A heatmap and a grid per view (a dataset's snapshot, or a filter of it) by its version, for
    /// their memoised scales and weights; a few, so that old snapshots are let go.
    private let heatmaps = MemoryCache<String, Heatmap>(capacity: 8)
    private let grids = MemoryCache<String, Grid>(capacity: 8)

    init(clusters: ClusterService) {
        self.clusters = clusters
    }

    /// A heatmap tile.
    func heatmap(_ name: String, z: String, x: String, file: String, query: [String: String], request: Request) async throws -> Response {
        let (service, view) = try await clusters.view(name, query: query)
        let plan = try Self.heatmapPlan(name, z: z, x: x, file: file, query: query, dataset: service.dataset, version: view.version)
        let heatmap = Self.memoised(heatmaps, view) { Heatmap(index: $0) }
        return try await answer(plan.key, request) {
            do {
                let surface = try heatmap.tile(TilePixels(tile: plan.request.tile, scale: plan.request.scale), options: plan.options)
                return try ImageEncoder.overlay(for: plan.request.format).encode(surface)
            } catch let error as HeatmapWeightError {
                throw ServeError.badRequest(error.description)
            }
        }
    }

    /// A grid tile: MVT (layer `grid`), GeoJSON, or a choropleth image.
    func grid(_ name: String, z: String, x: String, file: String, query: [String: String], request: Request) async throws -> Response {
        let (service, view) = try await clusters.view(name, query: query)
        let plan = try Self.gridPlan(name, z: z, x: x, file: file, query: query, dataset: service.dataset, version: view.version)
        let grid = Self.memoised(grids, view) { Grid(index: $0) }
        return try await answer(plan.key, request) {
            do {
                switch plan.kind {
                case .vector: return try grid.vectorTile(plan.request.tile, options: plan.options)
                case .geoJSON: return try grid.geoJSON(plan.request.tile, options: plan.options)
                case .image:
                    let surface = try grid.image(TilePixels(tile: plan.request.tile, scale: plan.request.scale), options: plan.options,
                                                 ramp: plan.ramp, opacity: plan.opacity)
                    return try ImageEncoder.overlay(for: plan.request.format).encode(surface)
                }
            } catch let error as GridZoomError {
                throw ServeError.notFound(error.description)
            }
        }
    }

    /// The engine of `view` from `cache`, made and kept when not there.
    private static func memoised<Engine: Sendable>(_ cache: MemoryCache<String, Engine>, _ view: ClusterView,
                                                   make: (ClusterIndex) -> Engine) -> Engine {
        if let engine = cache.value(for: view.version) { return engine }
        let engine = make(view.index)
        cache.store(engine, for: view.version)
        return engine
    }

    /// The tile under `key`: cached, or drawn by `render` on the render workers and stored.
    private func answer(_ key: String, _ request: Request, render: @escaping @Sendable () throws -> [UInt8]) async throws -> Response {
        let (image, status) = try await clusters.store.image(key) { try await clusters.renders.run(render) }
        return image.answer(request.method, request.headers, status: status, maxAge: clusters.maxAge).response
    }

    /// The tile as a memory hit (not for a filter, which needs its index), else nil: what the hot lane answers.
    func hit(heatmap: Bool, _ name: String, z: String, x: String, file: String, query: [String: String]) -> ServedImage? {
        guard query["filter"]?.isEmpty ?? true, let service = clusters.datasets[name], let version = service.version else { return nil }
        let key = heatmap ? (try? Self.heatmapPlan(name, z: z, x: x, file: file, query: query, dataset: service.dataset, version: version))?.key
                          : (try? Self.gridPlan(name, z: z, x: x, file: file, query: query, dataset: service.dataset, version: version))?.key
        return key.flatMap { clusters.store.hit($0) }
    }

    // MARK: Plans: the request parsed and range-checked, with its cache key

    struct HeatmapPlan {
        let request: TileRequest
        let options: HeatmapOptions
        let key: String
    }

    static func heatmapPlan(_ name: String, z: String, x: String, file: String, query: [String: String],
                            dataset: ServerConfig.Dataset, version: String) throws -> HeatmapPlan {
        let request = try tile(name, z: z, x: x, file: file, dataset: dataset)
        let options: HeatmapOptions
        // The request's parameters, else the dataset's `heatmap:` defaults.
        let given = dataset.heatmap.merging(query) { $1 }
        do {
            options = try HeatmapOptions(radius: given["radius"], kernel: given["kernel"], weight: given["weight"], ramp: given["ramp"],
                                         opacity: given["opacity"], scale: dataset.heatmap["scale"], normalize: dataset.heatmap["normalize"])
        } catch {
            throw ServeError.badRequest(error.description)
        }
        return HeatmapPlan(request: request, options: options, key: key("_heatmap", name, version, options.cacheKey, request.path))
    }

    struct GridPlan {
        enum Kind { case vector, geoJSON, image }
        let kind: Kind
        let request: TileRequest
        let options: GridOptions
        let ramp: ColorRamp
        let opacity: Double
        let key: String
    }

    static func gridPlan(_ name: String, z: String, x: String, file: String, query: [String: String],
                         dataset: ServerConfig.Dataset, version: String) throws -> GridPlan {
        let kind: GridPlan.Kind = file.hasSuffix(".mvt") ? .vector : file.hasSuffix(".geojson") ? .geoJSON : .image
        let stem = kind == .image ? file : String(file.prefix { $0 != "." }) + ".png"
        let request = try tile(name, z: z, x: x, file: stem, dataset: dataset)
        if kind != .image, request.scale != 1 { throw ServeError.notFound("vector and GeoJSON grid tiles have no @2x") }
        let options: GridOptions
        let look: HeatmapOptions
        // The request's parameters, else the dataset's `grid:` defaults.
        let given = dataset.grid.merging(query) { $1 }
        do {
            options = try GridOptions(shape: given["shape"], cell: given["cell"], geometry: query["geometry"])
            look = try HeatmapOptions(radius: nil, ramp: given["ramp"], opacity: given["opacity"])
        } catch let error as GridOptionsError {
            throw ServeError.badRequest(error.description)
        } catch {
            throw ServeError.badRequest("\(error)")
        }
        let path = kind == .image ? request.path : "\(request.tile.z)/\(request.tile.x)/\(request.tile.y)." + (kind == .vector ? "mvt" : "geojson")
        let named = "shape=\(options.shape.rawValue),cell=\(options.cell),geometry=\(options.geometry.rawValue)"
            + (kind == .image ? ",ramp=\(look.ramp.description),opacity=\(look.opacity)" : "")
        return GridPlan(kind: kind, request: request, options: options, ramp: look.ramp, opacity: look.opacity,
                        key: key("_grid", name, version, named, path))
    }

    /// The tile `z/x/file` (`y[@2x].png|webp`), within the dataset's zooms.
    private static func tile(_ name: String, z: String, x: String, file: String, dataset: ServerConfig.Dataset) throws -> TileRequest {
        let request = try TileRequest.parse(layer: name, z: z, x: x, file: file)
        guard (dataset.minzoom...dataset.maxzoom).contains(request.tile.z) else {
            throw ServeError.notFound("zoom \(request.tile.z) is outside \(dataset.minzoom)…\(dataset.maxzoom)")
        }
        return request
    }

    /// `_kind/dataset/version/options-digest/z/x/y.ext`: the extension last (it names the answer's type).
    private static func key(_ kind: String, _ name: String, _ version: String, _ options: String, _ path: String) -> String {
        kind + "/" + name + "/" + version + "/" + ETag.of(Array(options.utf8)).filter { $0 != "\"" } + "/" + path
    }
}
