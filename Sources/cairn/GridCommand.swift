import ArgumentParser
import Clusters
import Density
import Tiles

extension Cairn {
    /// `cairn grid POINTS --zoom A-B --out FILE`: square or hexagon grid tiles of a points file.
    struct GridTiles: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "grid",
            abstract: "Write square or hexagon grid tiles (vector tiles counting points per cell) of a points file.",
            discussion: """
                Each tile's layer 'grid' holds every cell that has points and reaches into the tile, with
                its id, count, --aggregate values and --categories counts: the server's
                /grid/{dataset}/{z}/{x}/{y}.mvt, gzipped. The cells are PostGIS's ST_SquareGrid and
                ST_HexagonGrid cells in EPSG:3857, --cell pixels of a 256-pixel tile at each zoom.

                Examples:
                  cairn grid cities.csv --zoom 0-8 --out grid.pmtiles
                  cairn grid cities.csv --zoom 2-10 --shape hex --cell 64 --out hexagons.mbtiles
                  cairn grid cities.csv --zoom 4-8 --aggregate people=sum:population --categories country=CN,IN,US --out grid-tiles/
                """)

        @Argument(help: ArgumentHelp("The points file; '-' for stdin.", valueName: "POINTS"))
        var points: String

        @Option(help: ArgumentHelp("The zooms to write, A-B or A.", valueName: "A-B"), transform: ZoomLevels.parse)
        var zoom: ZoomLevels

        @Option(help: ArgumentHelp("Write the tiles to FILE.pmtiles (or .mbtiles, or a z/x/y directory).", valueName: "FILE"))
        var out: String

        @Option(help: ArgumentHelp("The cells' shape: square or hex (default square).", valueName: "SHAPE"))
        var shape: String?

        @Option(help: ArgumentHelp("The cells' size in pixels of a 256-pixel tile: a square's side, a hexagon's edge; 8, 16, 32, 64, 128 or 256 (default 32).", valueName: "PIXELS"))
        var cell: String?

        @Option(help: ArgumentHelp("The features: each cell's polygon, or its centre as a point (default polygon).", valueName: "polygon|point"))
        var geometry: String?

        @OptionGroup var source: PointSourceOptions
        @OptionGroup var global: GlobalOptions

        /// The grid options given.
        func gridOptions() throws -> GridOptions {
            do { return try GridOptions(shape: shape, cell: cell, geometry: geometry) } catch { throw ValidationError("--\(error)") }
        }

        func validate() throws {
            let options = try gridOptions()
            let deepest = GridLattice.maxZoom(cell: options.cell)
            guard zoom.range.upperBound <= deepest else {
                throw ValidationError("--zoom \(zoom.range.upperBound) is beyond the deepest zoom of \(options.cell)-pixel cells, \(deepest)")
            }
        }

        func run() async throws {
            // The grid finds points through the index's tree of points; one clustered zoom is enough.
            let index = try source.index(try source.readPoints(points).points, options: ClusterOptions(minZoom: 0, maxZoom: 0))
            try await GridTileExport(grid: Density.Grid(index: index), options: try gridOptions(), zooms: zoom.range,
                                     points: points, out: out, quiet: global.quiet).run()
        }
    }
}
