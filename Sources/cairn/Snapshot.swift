import ArgumentParser
import Canvas
import ClusterOverlays
import Clusters
import Codecs
import Foundation
import Markers
import RemoteTiles
import Snapshots
import Synchronization
import Tiles

extension Cairn {
    /// `cairn snapshot`: one picture of a region, stitched from a tile source through a chain, with
    /// pins, a path and clusters drawn over it (what `GET /static/…` serves).
    struct StaticMap: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snapshot",
            abstract: "Render one static map image of a region from a tile source, with markers, a path and clusters.",
            discussion: """
                Examples:
                  cairn snapshot --source 'https://tile.example.org/{z}/{x}/{y}.png' --center 16.37,48.21 --zoom 11.5 --size 600x400 -o vienna.png
                  cairn snapshot --source world.mbtiles --bbox -10,35,30,60 --padding 20 --size 800x600 --scale 2 --clusters cities.geojson -o europe.png
                SOURCE: an http(s):// or file:// URL template, an .mbtiles or .pmtiles file (or a remote https://….pmtiles) or a z/x/y directory. Tiles are fetched at the zoom just
                above a fractional --zoom and shrunk; a tile the source does not have is left transparent, any other failure exits 65 (74 for I/O).
                """)

        @Option(help: ArgumentHelp("Where tiles come from: URL template, .mbtiles or .pmtiles file, or directory (with --times, a template with {t}).", valueName: "SOURCE"))
        var source: String?

        /// The widest or tallest picture in pixels: 8192² RGBA is 256 MB before encoding.
        static let largestSide = 8192

        @Option(parsing: .unconditional, help: ArgumentHelp("The centre, with --zoom.", valueName: "LON,LAT"), transform: MapCenter.parse)
        var center: MapCenter?

        @Option(help: ArgumentHelp("The zoom at --center (fractional allowed).", valueName: "Z"))
        var zoom: Double?

        @Option(parsing: .unconditional, help: ArgumentHelp("The region to fit, instead of --center and --zoom.", valueName: "W,S,E,N"),
                transform: BoundingBox.parse)
        var bbox: BoundingBox?

        @Option(help: ArgumentHelp("With --bbox: points left clear on every side.", valueName: "P"))
        var padding = 0

        @Option(help: ArgumentHelp("The picture's size in points.", valueName: "WxH"), transform: PictureSize.parse)
        var size: PictureSize

        @Option(help: ArgumentHelp("1, or 2 for a picture twice as many pixels across (@2x tiles when the template has {r}/{scale}, else the next zoom's).", valueName: "S"))
        var scale = 1

        @Option(help: ArgumentHelp("The renderer chain applied to every tile: a SPEC or a YAML file.", valueName: "SPEC"))
        var chain = ""

        @Option(parsing: .unconditional, help: ArgumentHelp("Pins: lon,lat[,color];lon,lat…", valueName: "PINS"))
        var markers: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("A polyline: lon,lat;lon,lat…", valueName: "POINTS"))
        var path: String?

        @Option(help: ArgumentHelp("The path's colour and width in points.", valueName: "COLOR[,WIDTH]"))
        var stroke: String?

        @Option(help: ArgumentHelp("Points (GeoJSON, NDJSON or CSV) whose clusters are drawn as badges.", valueName: "POINTS"))
        var clusters: String?

        @Option(name: .customLong("badge-style"), help: ArgumentHelp("The clusters' badges: google, ios, leaflet, or a style file (.yml).", valueName: "STYLE"))
        var badgeStyle = "google"

        @Option(help: ArgumentHelp("The badges' labels: exact, bucket or abbrev; default: the style's.", valueName: "MODE"))
        var label: LabelMode?

        @Option(help: ArgumentHelp("Text stamped small in the bottom-right corner (the tiles' attribution).", valueName: "TEXT"))
        var attribution: String?

        @Option(help: ArgumentHelp("The deepest zoom the source has; deeper tiles are cut from their ancestor and scaled up.", valueName: "Z"))
        var sourceMaxzoom: Int?

        @Option(help: ArgumentHelp("png, jpeg or webp (default: from the output's extension, else png).", valueName: "FORMAT"))
        var format: ImageFormat?

        @Option(name: .shortAndLong, help: ArgumentHelp("Output file; '-' or none for stdout.", valueName: "FILE"))
        var output: String?

        @OptionGroup(title: "HTTP source") var http: HTTPSourceArguments
        @OptionGroup(title: "Animated map") var animation: FrameOptions
        @OptionGroup(title: "Clusters") var pointOptions: PointOptions
        @OptionGroup var global: FontOptions

        func validate() throws {
            try animation.validate(source: source)
            if (bbox == nil) == (center == nil) { throw ValidationError("give --center LON,LAT with --zoom Z, or --bbox W,S,E,N") }
            if center != nil, zoom == nil { throw ValidationError("--center needs --zoom") }
            if bbox != nil, zoom != nil { throw ValidationError("--zoom goes with --center; --bbox finds its own zoom") }
            if let zoom, !(0...Double(TileID.maximumZoom)).contains(zoom) {
                throw ValidationError("--zoom must be from 0 to \(TileID.maximumZoom) (got \(zoom))")
            }
            if !(1...2).contains(scale) { throw ValidationError("--scale must be 1 or 2 (got \(scale))") }
            if padding < 0 { throw ValidationError("--padding must not be negative") }
            if stroke != nil, path == nil { throw ValidationError("--stroke needs --path") }
            // The widest picture is in pixels: at @2x, half as many points.
            if max(size.width, size.height) > Self.largestSide / scale {
                throw ValidationError("--size: width and height must be from 1 to \(Self.largestSide / scale)")
            }
            try http.validate()
        }

        func run() async throws {
            try global.configureFonts()
            let (view, overlays) = try plan()
            let chain = try ChainOption.parse(self.chain)
            var clusterLayer: (index: ClusterIndex, overlay: ClusterOverlay)?
            if let clusters {
                // With --categories, clusters are donuts in the palette's colours.
                let overlay = try ClusterOverlay(style: try BadgeOptions.style(named: badgeStyle, option: "--badge-style"), label: label,
                                                 categories: pointOptions.categories == nil ? nil : CategoryStyle())
                clusterLayer = (try pointOptions.index(of: clusters), overlay)
            }
            let named = try OutputFile.imageFormat(of: output)
            let chosen = format ?? named ?? .png
            let frameSources = animation.sources(source: source)
            let option = frameSources == nil ? "--source" : animation.option
            // Frames one after the other: each is a whole picture, stitched from the same view.
            var pictures: [Surface] = []
            for location in frameSources ?? [source ?? ""] {
                pictures.append(try await picture(view: view, overlays: overlays, clusters: clusterLayer, chain: chain,
                                                  location: location, option: option))
            }
            let bytes: [UInt8]
            if frameSources != nil {
                let encoder = try animation.encoder(for: chosen, quality: nil)
                bytes = try encoder.encode(pictures.map { AnimationFrame($0, milliseconds: animation.delay) }, loopCount: animation.loops)
            } else {
                bytes = try ImageEncoder.default(for: chosen).encode(pictures[0])
            }
            try OutputFile.write(bytes, to: output, binary: true)
        }

        /// The picture of `view` from the source at `location` (named `option` in messages).
        private func picture(view: MapView, overlays: StaticOverlays, clusters: (index: ClusterIndex, overlay: ClusterOverlay)?,
                             chain: RendererChain, location: String, option: String) async throws -> Surface {
            let tileSource: any TileSource
            do {
                tileSource = try SourceLocation.open(location, subdomains: http.subdomainList, http: http.options,
                                                     maxzoom: sourceMaxzoom, overZoomDepth: TileID.maximumZoom)
            } catch {
                throw CLIError.source(error, location: location, option: option)
            }
            let hiDPI = (try? URLTemplate(location))?.hasScale == true
            let mosaic = TileMosaic(view: view, maximumZoom: TileID.maximumZoom, tilePixels: hiDPI ? 256 * scale : 256)
            let snapshot = Snapshot(mosaic: mosaic, overlays: overlays, clusters: clusters)
            let tileScale = hiDPI ? scale : 1
            let found = Atomic(0)
            let rendered: Result<Surface, any Error>
            do {
                rendered = .success(try await snapshot.render { tile in
                    guard let image = try await tileSource.tile(tile, scale: tileScale) else { return nil }
                    found.add(1, ordering: .relaxed)
                    var surface = try image.surface()
                    try chain.render(&surface, context: RenderContext(tile: tile, scale: RenderContext.scale(forTileSide: surface.width)))
                    return surface
                })
            } catch {
                rendered = .failure(error)
            }
            await tileSource.close()
            let picture: Surface
            do {
                picture = try rendered.get()
            } catch let error as SourceError {
                throw error.kind == .other ? CLIError.io("\(option): \(error)") : CLIError.data("\(option): \(error)")
            } catch let error as CodecError {
                throw CLIError.data("\(option): a tile is not an image we can read: \(error)")
            }
            if found.load(ordering: .relaxed) == 0 {
                Terminal.warning("\(option): none of the \(Set(mosaic.placements.map(\.tile)).count) tiles of the view is there in \(location); the map is blank")
            }
            return picture
        }

        /// The view and the overlays, from the options; every problem names its option.
        private func plan() throws -> (MapView, StaticOverlays) {
            func parsed<T>(_ option: String, _ body: () throws(SnapshotParameterError) -> T) throws -> T {
                do { return try body() } catch { throw CLIError.usage("\(option): \(error.description)") }
            }
            let (width, height) = (size.width, size.height)
            let view: MapView
            if let center, let zoom {
                view = MapView(longitude: center.longitude, latitude: center.latitude, zoom: zoom, width: width, height: height, scale: scale)
            } else {
                view = MapView(fitting: bbox!, padding: padding, width: width, height: height, scale: scale, zooms: 0...Double(TileID.maximumZoom))
            }
            var overlays = StaticOverlays(attribution: attribution)
            if let markers { overlays.pins = try parsed("--markers") { () throws(SnapshotParameterError) in try SnapshotParameters.pins(markers) } }
            if let path {
                overlays.path = try parsed("--path") { () throws(SnapshotParameterError) in try SnapshotParameters.path(path, stroke: stroke) }
            }
            return (view, overlays)
        }
    }
}
