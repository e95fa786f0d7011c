import ArgumentParser
import Canvas
import Clusters
import Codecs
import Density
import Foundation
import Snapshots
import Tiles

extension Cairn {
    /// `cairn heatmap POINTS`: a heatmap of a points file, one picture or tiles.
    struct HeatmapCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "heatmap",
            abstract: "Draw a heatmap of a points file: one picture, or tiles on one colour scale.",
            discussion: """
                D(p) = Σ w·K(d/r) at each pixel centre, coloured ramp(min(1, D/S)); docs/density-maps.md
                gives the definition, the kernels, the scales and the ramps.

                Examples:
                  cairn heatmap cities.csv --center 10,50 --zoom 4 --size 600x400 -o europe.png
                  cairn heatmap cities.csv --bbox -10,35,30,60 --size 800x600 --ramp viridis --radius 30 -o europe.png
                  cairn heatmap cities.csv --zoom 0-6 --weight population --out heat.pmtiles
                """)

        @Argument(help: ArgumentHelp("The points file; '-' for stdin.", valueName: "POINTS"))
        var points: String

        @Option(help: ArgumentHelp("The picture's zoom (with --center), or the zooms of --out tiles, A-B or A.", valueName: "Z"))
        var zoom: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("The picture's centre, with --zoom.", valueName: "LON,LAT"), transform: MapCenter.parse)
        var center: MapCenter?

        @Option(parsing: .unconditional, help: ArgumentHelp("The region the picture fits, at the deepest whole zoom where it fits.", valueName: "W,S,E,N"),
                transform: BoundingBox.parse)
        var bbox: BoundingBox?

        @Option(help: ArgumentHelp("The picture's size in points.", valueName: "WxH"), transform: PictureSize.parse)
        var size: PictureSize?

        @Option(name: .customLong("pixel-ratio"), help: ArgumentHelp("1, or 2 for twice the pixels across (@2x tiles).", valueName: "N"))
        var pixelRatio = 1

        @Option(name: .shortAndLong, help: ArgumentHelp("The picture: PNG or WebP by the extension; '-' or none for stdout (PNG).", valueName: "FILE"))
        var output: String?

        @Option(help: ArgumentHelp("Write the tiles of --zoom A-B to FILE.pmtiles (or .mbtiles, or a z/x/y directory) instead, as PNG.", valueName: "FILE"))
        var out: String?

        @Option(help: ArgumentHelp("The kernel's radius in CSS pixels, 1 to 128 (default 20).", valueName: "PX"))
        var radius: String?

        @Option(help: ArgumentHelp("quartic (default) or gaussian.", valueName: "KERNEL"))
        var kernel: String?

        @Option(help: ArgumentHelp("The numeric property each point weighs (1 where a point lacks it).", valueName: "PROPERTY"))
        var weight: String?

        @Option(help: ArgumentHelp("heat (default), viridis, magma, inferno, plasma, turbo, greys, or stops 0:COLOUR,…,1:COLOUR.", valueName: "RAMP"))
        var ramp: String?

        @Option(help: ArgumentHelp("The heatmap's opacity, 0 to 1 (default 1).", valueName: "A"))
        var opacity: String?

        @Option(help: ArgumentHelp("The density coloured fully: auto (default, the 99th percentile at the points) or a number.", valueName: "S"))
        var scale: String?

        @Option(help: ArgumentHelp("none (default), or area: the scale follows a pixel's ground area across zooms.", valueName: "MODE"))
        var normalize: String?

        @OptionGroup var source: PointSourceOptions
        @OptionGroup var global: GlobalOptions

        func heatmapOptions() throws -> HeatmapOptions {
            do {
                return try HeatmapOptions(radius: radius, kernel: kernel, weight: weight, ramp: ramp, opacity: opacity, scale: scale, normalize: normalize)
            } catch {
                throw ValidationError("--\(error)")
            }
        }

        func validate() throws {
            _ = try heatmapOptions()
            guard (1...2).contains(pixelRatio) else { throw ValidationError("--pixel-ratio must be 1 or 2 (got \(pixelRatio))") }
            if out != nil {
                guard let zoom else { throw ValidationError("--out needs --zoom A-B") }
                _ = try ZoomLevels.parse(zoom)
                if center != nil || size != nil || output != nil || bbox != nil {
                    throw ValidationError("--out writes tiles: --center, --bbox, --size and -o are for one picture")
                }
                return
            }
            guard let size else { throw ValidationError("give --size WxH for a picture (or --out FILE --zoom A-B for tiles)") }
            if (bbox == nil) == (center == nil) { throw ValidationError("give --center LON,LAT with --zoom Z, or --bbox W,S,E,N") }
            if center != nil {
                guard let zoom, let z = Int(zoom), (0...TileID.maximumZoom).contains(z) else {
                    throw ValidationError("--center needs --zoom, a whole zoom from 0 to \(TileID.maximumZoom)")
                }
            }
            if bbox != nil, zoom != nil { throw ValidationError("--zoom goes with --center; --bbox finds its own zoom") }
            if max(size.width, size.height) > StaticMap.largestSide / pixelRatio {
                throw ValidationError("--size: width and height must be from 1 to \(StaticMap.largestSide / pixelRatio)")
            }
        }

        func run() async throws {
            let options = try heatmapOptions()
            // The heatmap finds points through the index's tree of points; one clustered zoom is enough.
            let index = try source.index(try source.readPoints(points).points, options: ClusterOptions(minZoom: 0, maxZoom: 0))
            let heatmap = Heatmap(index: index)
            do { try heatmap.prepare(options) } catch { throw CLIError.data("\(points): \(error)") }
            if let out {
                let zooms = try ZoomLevels.parse(zoom!).range
                let plan = zooms.map { z in (z: z, tiles: heatmap.coveredTiles(zoom: z, radius: options.radius)) }
                let encoder = ImageEncoder.overlay(for: .png)
                var export = VectorTileExport(plan: plan, out: out, quiet: global.quiet, noun: "heatmap tiles")
                export.format = "png"
                try await export.run(make: { tile in try encoder.encode(heatmap.tile(TilePixels(tile: tile, scale: pixelRatio), options: options)) },
                                     describe: { bounds in description(bounds: bounds, zooms: zooms) })
                return
            }
            let view = pictureView()
            let picture = try heatmap.picture(zoom: Int(view.zoom), scale: pixelRatio, originX: view.originX, originY: view.originY,
                                              width: view.width, height: view.height, options: options)
            let format = try OutputFile.imageFormat(of: output) ?? .png
            try OutputFile.write(try ImageEncoder.overlay(for: format).encode(picture), to: output, binary: true)
        }

        /// The picture's view: at --center and --zoom, or fitting --bbox at the deepest whole zoom it fits in.
        private func pictureView() -> MapView {
            let size = size!
            if let center {
                return MapView(longitude: center.longitude, latitude: center.latitude, zoom: Double(zoom!)!, width: size.width,
                               height: size.height, scale: pixelRatio)
            }
            let fitted = MapView(fitting: bbox!, padding: 0, width: size.width, height: size.height, scale: pixelRatio,
                                 zooms: 0...Double(TileID.maximumZoom))
            let centreX = (Double(fitted.originX) + Double(fitted.width) / 2) / fitted.worldSize
            let centreY = (Double(fitted.originY) + Double(fitted.height) / 2) / fitted.worldSize
            return MapView(longitude: centreX * 360 - 180, latitude: WebMercator.latitude(y: centreY, zoom: 0),
                           zoom: fitted.zoom.rounded(.down), width: size.width, height: size.height, scale: pixelRatio)
        }

        private func description(bounds: BoundingBox?, zooms: ClosedRange<Int>) -> TilesetDescription {
            let name = ((points as NSString).lastPathComponent as NSString).deletingPathExtension
            return TilesetDescription(name: name, format: "png", bounds: bounds, minZoom: zooms.lowerBound, maxZoom: zooms.upperBound,
                                      kind: .overlay, description: "Heatmap of \(name) by cairn")
        }
    }
}
