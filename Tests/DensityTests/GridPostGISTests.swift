import Clusters
import Density
import Foundation
import SeededRandom
import Testing
import TestPostgres
import TestTier
import Tiles

/// Grids against PostGIS on a real PostgreSQL: the same cells (i, j and corners, as the same
/// doubles), the same counts, and vector tiles that decode (mapbox-vector-tile) to the same
/// features as `ST_AsMVT` of `ST_SquareGrid`/`ST_HexagonGrid` gives. One server for the suite.
@Suite(.process) struct GridPostGISTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The cells PostGIS finds for a tile: those of its grid over the tile grown by the buffer whose
    /// area reaches into that box (as Cairn keeps them), with the points each one intersects.
    static func cellsSQL(_ lattice: GridLattice, _ tile: TileID) -> String {
        let function = lattice.shape == .hex ? "ST_HexagonGrid" : "ST_SquareGrid"
        return """
            WITH b AS (SELECT ST_TileEnvelope(\(tile.z), \(tile.x), \(tile.y), margin => 256.0 / 4096) AS geom,
                              ST_Area(ST_TileEnvelope(\(tile.z), \(tile.x), \(tile.y))) AS area),
            cells AS (
              SELECT g.i, g.j, g.geom,
                     (\(lattice.level)::bigint << 47) | (\(lattice.shape == .hex ? 1 : 0)::bigint << 46)
                       | ((g.i + 4194304)::bigint << 23) | (g.j + 4194304)::bigint AS id
              FROM b, \(function)(\(lattice.size), b.geom) g
              WHERE ST_Area(ST_Intersection(g.geom, b.geom)) > 1e-9 * b.area)
            """
    }

    @Test func gridsAreTheCellsAndCountsOfPostGIS() async throws {
        let server = try TestPostgres()
        defer { server.stop() }
        try server.psql("CREATE EXTENSION postgis")

        // Points around the EPSG:3857 origin (cells of both signs, odd and even columns) and over Europe.
        var random = SplitMix64(seed: 2026)
        var points = PointSet(), values: [String] = []
        for n in 0..<6000 {
            let (longitude, latitude) = n < 4000 ? (random.uniform(-8, 8), random.uniform(-6, 6)) : (random.uniform(-10, 25), random.uniform(36, 60))
            points.append(longitude: longitude, latitude: latitude)
            values.append("(\(longitude),\(latitude))")
        }
        try server.psql("""
            CREATE TABLE points (geom geometry(Point, 3857));
            INSERT INTO points SELECT ST_Transform(ST_SetSRID(ST_MakePoint(lon, lat), 4326), 3857)
              FROM (VALUES \(values.joined(separator: ","))) v(lon, lat);
            CREATE INDEX ON points USING gist (geom);
            ANALYZE points;
            """)
        let grid = Grid(index: try ClusterIndex(points: points, options: ClusterOptions(maxZoom: 0)))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-grid-postgis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var pairs: [String] = [], names: [String] = []

        let cases: [(z: Int, x: Int, y: Int, cell: Int)] = [(3, 3, 3, 32), (3, 4, 4, 64), (6, 31, 32, 32), (6, 32, 31, 16), (7, 64, 63, 32), (5, 16, 10, 32)]
        for shape in GridShape.allCases {
            for c in cases {
                let tile = try TileID(z: c.z, x: c.x, y: c.y)
                let options = GridOptions(shape: shape, cell: c.cell)
                let lattice = try #require(options.lattice(zoom: c.z))
                let name = "\(shape) \(c.cell)px \(tile)"

                // The cells, their corners and counts.
                let rows = try server.psql(Self.cellsSQL(lattice, tile) + """
                    SELECT c.i, c.j, count(*),
                      (SELECT string_agg(ST_X(d.geom)::text || ' ' || ST_Y(d.geom)::text, ',' ORDER BY d.path) FROM ST_DumpPoints(c.geom) d)
                    FROM cells c JOIN points p ON ST_Intersects(c.geom, p.geom)
                    GROUP BY c.i, c.j, c.geom ORDER BY c.i, c.j
                    """).split(separator: "\n")
                let tallies = try grid.cells(tile, options: options).sorted { ($0.cell.i, $0.cell.j) < ($1.cell.i, $1.cell.j) }
                #expect(tallies.count == rows.count, "\(name)")
                #expect(tallies.count >= 2, "\(name)")
                for (tally, row) in zip(tallies, rows) {
                    let fields = row.split(separator: "|")
                    #expect(fields.count == 4)
                    #expect("\(tally.cell.i)|\(tally.cell.j)|\(tally.count)" == fields.prefix(3).joined(separator: "|"), "\(name)")
                    let corners = fields[3].split(separator: ",").map { $0.split(separator: " ").compactMap { Double($0) } }
                    let ring = lattice.ring(of: tally.cell)
                    // The same doubles, in the same order (PostGIS closes the ring).
                    #expect(corners == (ring + [ring[0]]).map { [$0.x, $0.y] }, "\(name) cell \(tally.cell)")
                }

                // The vector tiles, decoded.
                let hex = try server.psql(Self.cellsSQL(lattice, tile) + """
                    , rows AS (
                      SELECT c.id, count(*) AS count, ST_AsMVTGeom(c.geom, ST_TileEnvelope(\(c.z), \(c.x), \(c.y)), 4096, 256, true) AS geom
                      FROM cells c JOIN points p ON ST_Intersects(c.geom, p.geom) GROUP BY c.id, c.geom)
                    SELECT encode(ST_AsMVT(rows, 'grid', 4096, 'geom', 'id'), 'hex') FROM rows
                    """)
                let ours = directory.appendingPathComponent("\(pairs.count)-cairn.mvt"), theirs = directory.appendingPathComponent("\(pairs.count)-postgis.mvt")
                try Data(grid.vectorTile(tile, options: options)).write(to: ours)
                try Data(Self.bytes(hex: hex)).write(to: theirs)
                pairs += [ours.path, theirs.path]
                names.append(name)
            }
        }
        let reports = try Self.compare(pairs)
        #expect(reports.count == names.count)
        for (name, report) in zip(names, reports) {
            #expect(report.features >= 2, "\(name)")
            #expect(report.onlyCairn.isEmpty && report.onlyPostgis.isEmpty, "\(name): ids in one tile only")
            #expect(report.countMismatches.isEmpty && report.invalid.isEmpty, "\(name)")
            // Both round the same corners to whole tile units.
            #expect(report.maxDistance <= 1.5, "\(name): polygons \(report.maxDistance) units apart")
        }
    }

    static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
        }
        return bytes
    }

    struct Report: Decodable {
        var features: Int
        var onlyCairn: [UInt64]
        var onlyPostgis: [UInt64]
        var countMismatches: [UInt64]
        var invalid: [UInt64]
        var maxDistance: Double
    }

    /// Runs Tests/Support/grid_mvt_compare.py (mapbox-vector-tile and shapely, in the test venv).
    static func compare(_ paths: [String]) throws -> [Report] {
        let python = repositoryRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw TestPostgresError("\(python.path) is missing: run `make test` (or scripts/test-venv.sh) to make the test venv")
        }
        let output = Pipe()
        let process = Process()
        process.executableURL = python
        process.arguments = [repositoryRoot.appendingPathComponent("Tests/Support/grid_mvt_compare.py").path] + paths
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([Report].self, from: data)
    }
}
