import Codecs
import Tiles

/// The WMTS's layers (``WMTSLayer``), made from the configuration and, for an archive's layer, what
/// the archive says of itself (its zooms and bounds, as the layer's TileJSON gives them). The
/// routes of `security.signing.routes` are left out: WMTS clients cannot sign their requests.
struct WMTSCatalog: Sendable {
    let services: CairnServer.Services
    let config: ServerConfig

    /// The signed route groups.
    private var signed: Set<SignedRoute> { config.security.signing?.routes ?? [] }

    /// Every layer: the configured layers in file order, then each dataset's cluster, heatmap and grid tiles.
    func layers() async -> [WMTSLayer] {
        var layers: [WMTSLayer] = []
        for origin in WMTSLayer.Origin.listed(in: config) {
            if let described = await described(origin) { layers.append(described) }
        }
        return layers
    }

    /// The layer an identifier names, as ``layers()`` lists it; nil for none.
    func layer(_ identifier: String) async -> WMTSLayer? {
        await described(WMTSLayer.Origin(identifier: identifier))
    }

    /// The layer an identifier names as the configuration alone gives it (the zooms it serves, the
    /// whole world), without asking a source: what the hot lane checks a request against.
    func configuredLayer(_ identifier: String) -> WMTSLayer? {
        configured(WMTSLayer.Origin(identifier: identifier))
    }

    private func configured(_ origin: WMTSLayer.Origin) -> WMTSLayer? {
        guard origin.group.map({ !signed.contains($0) }) ?? true else { return nil }
        switch origin {
        case .tiles(let name):
            guard let layer = services.layers[name]?.layer else { return nil }
            return WMTSLayer(origin: origin, title: name, abstract: Self.abstract(of: layer), formats: formats(of: layer),
                             zooms: layer.minzoom...layer.maxzoom, bounds: .world)
        case .clusters(let name), .heatmap(let name), .grid(let name):
            guard let dataset = services.clusters.datasets[name]?.dataset else { return nil }
            return WMTSLayer(origin: origin, title: "\(name) \(origin.route)", abstract: Self.abstract(of: origin),
                             formats: [.png, .webp], zooms: dataset.minzoom...dataset.maxzoom, bounds: .world)
        }
    }

    /// ``configured(_:)`` with what an archive says of itself: its name, description, zooms and bounds.
    private func described(_ origin: WMTSLayer.Origin) async -> WMTSLayer? {
        guard let layer = configured(origin), case .tiles(let name) = origin, let service = services.layers[name],
              let archive = await service.archiveMetadata() else { return configured(origin) }
        let document = TileJSON.document(for: service.layer, baseURL: "", archive: archive)
        let minzoom = document["minzoom"] as? Int ?? layer.zooms.lowerBound
        let maxzoom = document["maxzoom"] as? Int ?? layer.zooms.upperBound
        let corners = document["bounds"] as? [Double] ?? []
        let bounds = corners.count == 4 ? (try? BoundingBox(west: corners[0], south: corners[1], east: corners[2], north: corners[3])) : nil
        let description = (document["description"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        return WMTSLayer(origin: origin, title: document["name"] as? String ?? layer.title, abstract: description ?? layer.abstract,
                         formats: layer.formats, zooms: minzoom...max(minzoom, maxzoom), bounds: bounds ?? layer.bounds)
    }

    /// What a layer is: its source through its chain, and its attribution.
    private static func abstract(of layer: ServerConfig.Layer) -> String {
        let made = layer.chain.isEmpty ? "its source's tiles" : "its source's tiles through its renderer chain"
        return "Layer '\(layer.name)': \(made)." + (layer.attribution.map { " \($0)" } ?? "")
    }

    /// What a dataset's layer draws.
    private static func abstract(of origin: WMTSLayer.Origin) -> String {
        switch origin {
        case .heatmap(let name): "The density of dataset '\(name)''s points as a heatmap, on transparent tiles to lay over a map."
        case .grid(let name): "Dataset '\(name)''s points counted in grid cells, coloured by count, on transparent tiles to lay over a map."
        default: "The clusters of dataset '\(origin.name)' drawn as badges, lone points as dots, on transparent tiles to lay over a map."
        }
    }

    /// The layer's own format first, then the others it is served in (an animation: PNG and WebP only).
    private func formats(of layer: ServerConfig.Layer) -> [ImageFormat] {
        let served: [ImageFormat] = services.animations[layer.name] == nil ? [.png, .jpeg, .webp] : [.png, .webp]
        return served.contains(layer.format) ? [layer.format] + served.filter { $0 != layer.format } : served
    }
}
