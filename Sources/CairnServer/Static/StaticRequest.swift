import Codecs
import Snapshots
import Tiles

/// `GET /static/{layer}/{view}/{width}x{height}[@2x].{png|jpg|webp}` with its query, parsed and
/// range-checked: the view (`LON,LAT,ZOOM` or `W,S,E,N` to fit, with `padding`), the size, and the
/// overlays (`markers`, `path` + `stroke`, `clusters`, `attribution`).
struct StaticRequest: Sendable {
    let view: MapView
    let format: ImageFormat
    let overlays: StaticOverlays
    /// The dataset whose clusters are drawn, if any.
    let dataset: String?
    /// What names the picture, besides its tiles and the dataset's version: the path and the
    /// query's parameters that shape it, in a fixed order.
    let identity: String

    static func parse(layer: ServerConfig.Layer, view viewText: String, file: String, query: [String: String],
                      maximumSide: Int) throws(ServeError) -> StaticRequest {
        do {
            guard let dot = file.lastIndex(of: "."), let format = ImageFormat(fileExtension: String(file[file.index(after: dot)...])) else {
                throw ServeError.notFound("expected {width}x{height}[@2x].png, .jpg or .webp")
            }
            var sizeText = String(file[..<dot])
            var scale = 1
            if sizeText.hasSuffix("@2x") {
                scale = 2
                sizeText.removeLast(3)
            }
            let size = try SnapshotParameters.size(sizeText, maximumSide: maximumSide)
            let zooms = Double(layer.minzoom)...Double(layer.maxzoom)
            let view: MapView
            switch try SnapshotParameters.placement(viewText) {
            case .centre(let longitude, let latitude, let zoom):
                guard zooms.contains(zoom) else { throw ServeError.badRequest("zoom \(zoom) is outside layer '\(layer.name)' (\(layer.minzoom)…\(layer.maxzoom))") }
                view = MapView(longitude: longitude, latitude: latitude, zoom: zoom, width: size.width, height: size.height, scale: scale)
            case .box(let box):
                let padding = try integer(query["padding"], name: "padding", range: 0...(min(size.width, size.height) / 2))
                view = MapView(fitting: box, padding: padding, width: size.width, height: size.height, scale: scale, zooms: zooms)
            }
            var overlays = StaticOverlays()
            if let markers = query["markers"] { overlays.pins = try SnapshotParameters.pins(markers) }
            if let path = query["path"] {
                overlays.path = try SnapshotParameters.path(path, stroke: query["stroke"])
            } else if query["stroke"] != nil {
                throw ServeError.badRequest("stroke needs a path")
            }
            switch query["attribution"] ?? "true" {
            case "true": overlays.attribution = layer.attribution
            case "false": overlays.attribution = nil
            default: throw ServeError.badRequest("attribution must be true or false")
            }
            let shaping = ["markers", "path", "stroke", "clusters", "padding", "attribution"].map { "\($0)=\(query[$0] ?? "")" }
            return StaticRequest(view: view, format: format, overlays: overlays, dataset: query["clusters"],
                                 identity: ([layer.name, viewText, file] + shaping).joined(separator: "\u{1F}"))
        } catch let error as SnapshotParameterError {
            throw .badRequest(error.description)
        } catch let error as ServeError {
            throw error
        } catch {
            throw ServeError(unexpected: error)
        }
    }

    private static func integer(_ text: String?, name: String, range: ClosedRange<Int>) throws(ServeError) -> Int {
        guard let text else { return 0 }
        guard text.count <= 6, let value = Int(text), range.contains(value) else {
            throw .badRequest("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
