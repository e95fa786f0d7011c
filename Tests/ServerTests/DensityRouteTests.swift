@testable import CairnServer
import Codecs
import Foundation
import Testing
import TestTier

/// `/heatmap/{dataset}/…` and `/grid/{dataset}/…` in process over the cities: tiles with the
/// caching headers, ETags and 304s of cluster tiles, cached by every option; a filter draws what a
/// dataset of only the matching points draws, byte for byte; bad parameters are 400s naming them.
@Suite struct DensityRouteTests {
    static let csv = repositoryRoot + "/Samples/points/cities15000.csv"

    /// The cities, and the same file keeping only the cities of a million people or more.
    static func config(filtered file: String) -> String {
        """
        layers: {}
        datasets:
          cities: {file: \(csv)}
          big: {file: \(file)}
          styled:
            file: \(csv)
            heatmap: {radius: 40, ramp: greys, scale: auto}
            grid: {shape: hex, cell: 64, opacity: 0.5}
        """
    }

    /// The cities of a million or more, as a CSV in `directory`.
    static func bigCities(in directory: String) throws -> String {
        // Its lines end in \r\n, one Character.
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(whereSeparator: \.isNewline)
        let kept = [lines[0]] + lines.dropFirst().filter { (Int($0.split(separator: ",")[3]) ?? 0) >= 1_000_000 }
        let path = directory + "/big.csv"
        try (kept.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func tilesAnswerWithCachingHeadersAndRevalidate() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await InProcessServer.with(config: Self.config(filtered: try Self.bigCities(in: directory))) { server throws in
            for (target, type, size) in [("/heatmap/cities/3/4/2.png", "image/png", 256), ("/heatmap/cities/3/4/2@2x.png", "image/png", 512),
                                         ("/heatmap/cities/3/4/2.webp?ramp=viridis&radius=30", "image/webp", 256),
                                         ("/grid/cities/3/4/2.png?shape=hex", "image/png", 256), ("/grid/cities/3/4/2.mvt", "application/vnd.mapbox-vector-tile", 0),
                                         ("/grid/cities/3/4/2.geojson?cell=64", "application/geo+json", 0)] {
                let answer = try await server.request(target)
                #expect(answer.status == 200, "\(target): \(answer.text)")
                #expect(answer.header("Content-Type") == type, "\(target)")
                #expect(answer.header("Cache-Control") == "public, max-age=60", "\(target)")
                #expect(answer.header("Cache-Status")?.contains("miss") == true, "\(target)")
                let etag = try #require(answer.header("ETag"), "\(target)")
                if size > 0 {
                    let image = try ImageDecoder.decode(answer.body)
                    #expect(image.width == size && image.height == size, "\(target)")
                    var coloured = 0
                    for y in stride(from: 0, to: size, by: 4) { for x in stride(from: 0, to: size, by: 4) where image.pixel(x: x, y: y).a > 0 { coloured += 1 } }
                    #expect(coloured > 100, "\(target): only \(coloured) coloured pixels over Europe")
                }
                let again = try await server.request(target)
                #expect(again.header("Cache-Status")?.contains("hit") == true && again.body == answer.body && again.header("ETag") == etag, "\(target)")
                let revalidated = try await server.request(target, headers: [("If-None-Match", etag)])
                #expect(revalidated.status == 304, "\(target)")
            }
            if let json = try JSONSerialization.jsonObject(with: Data(try await server.request("/grid/cities/3/4/2.geojson").body)) as? [String: Any],
               let features = json["features"] as? [[String: Any]] {
                #expect(features.count > 20 && features.allSatisfy { (($0["properties"] as? [String: Any])?["count"] as? Int ?? 0) > 0 })
            } else {
                Issue.record("the grid's GeoJSON is not a FeatureCollection")
            }

            // Every option names its own tile.
            let variants = try await server.requestsAtOnce(["/heatmap/cities/3/4/2.png", "/heatmap/cities/3/4/2.png?radius=40",
                                                            "/heatmap/cities/3/4/2.png?kernel=gaussian", "/heatmap/cities/3/4/2.png?ramp=greys",
                                                            "/heatmap/cities/3/4/2.png?opacity=0.5"])
            #expect(Set(variants.compactMap { $0.header("ETag") }).count == 5 && Set(variants.map(\.body)).count == 5)
            let grids = try await server.requestsAtOnce(["/grid/cities/3/4/2.mvt", "/grid/cities/3/4/2.mvt?shape=hex",
                                                         "/grid/cities/3/4/2.mvt?cell=64", "/grid/cities/3/4/2.mvt?geometry=point"])
            #expect(Set(grids.compactMap { $0.header("ETag") }).count == 4 && Set(grids.map(\.body)).count == 4)
        }
    }

    @Test func aFilterDrawsWhatADatasetOfTheMatchingPointsDraws() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await InProcessServer.with(config: Self.config(filtered: try Self.bigCities(in: directory))) { server throws in
            let filter = "filter=population%20%3E%3D%201000000"
            for path in ["/heatmap/{d}/3/4/2.png?radius=30", "/heatmap/{d}/5/16/10@2x.png", "/grid/{d}/3/4/2.mvt", "/grid/{d}/3/4/2.png?shape=hex"] {
                let separator = path.contains("?") ? "&" : "?"
                let filtered = try await server.request(path.replacingOccurrences(of: "{d}", with: "cities") + separator + filter)
                let alone = try await server.request(path.replacingOccurrences(of: "{d}", with: "big"))
                #expect(filtered.status == 200 && alone.status == 200, "\(path): \(filtered.text) \(alone.text)")
                #expect(filtered.body == alone.body, "\(path): the filtered tile differs from the pre-filtered dataset's")
                let whole = try await server.request(path.replacingOccurrences(of: "{d}", with: "cities"))
                #expect(whole.body != filtered.body, "\(path)")
            }
        }
    }

    @Test func badParametersAre400NamingThemAndUnknownDatasets404() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await InProcessServer.with(config: Self.config(filtered: try Self.bigCities(in: directory))) { server throws in
            for (target, status, words) in [
                ("/heatmap/cities/3/4/2.png?radius=500", 400, "radius"), ("/heatmap/cities/3/4/2.png?kernel=box", 400, "kernel"),
                ("/heatmap/cities/3/4/2.png?ramp=0:nocolour", 400, "ramp"), ("/heatmap/cities/3/4/2.png?opacity=2", 400, "opacity"),
                ("/heatmap/cities/3/4/2.png?weight=populaton", 400, "populaton"), ("/heatmap/cities/3/4/2.png?filter=population%20%3E", 400, "filter"),
                ("/grid/cities/3/4/2.mvt?shape=triangle", 400, "shape"), ("/grid/cities/3/4/2.mvt?cell=33", 400, "cell"),
                ("/grid/cities/3/4/2.mvt?geometry=line", 400, "geometry"), ("/grid/cities/3/4/2@2x.mvt", 404, "@2x"),
                ("/heatmap/nope/3/4/2.png", 404, "nope"), ("/grid/nope/3/4/2.mvt", 404, "nope"), ("/heatmap/cities/3/9/2.png", 404, "outside the grid"),
            ] {
                let answer = try await server.request(target)
                #expect(answer.status == status, "\(target): \(answer.status) \(answer.text)")
                #expect(answer.text.contains(words), "\(target): \(answer.text)")
            }
        }
    }

    /// Density tiles are named by the dataset's version: a rewritten file served at the next
    /// refresh changes their ETags and pixels, as it changes the clusters'.
    @Test func aRewrittenFileChangesTheDensityTiles() async throws {
        let before = [DatasetRefreshTests.paris, DatasetRefreshTests.berlin, DatasetRefreshTests.tokyo]
        try await DatasetRefreshTests.serving(before) { server, file throws in
            let heatmap = "/heatmap/pts/4/8/5.png", grid = "/grid/pts/4/8/5.mvt"
            let first = try await server.requestsAtOnce([heatmap, grid])
            #expect(first.allSatisfy { $0.status == 200 }, "\(first.map(\.text))")
            // A new place between Paris and Berlin, where the heatmap was transparent.
            let added = PlacePoint(id: 5, lon: 7.5, lat: 51.0, name: "Sauerland")
            let x = Int(Mercator.x(added.lon) * 16 * 256) - 8 * 256, y = Int(Mercator.y(added.lat) * 16 * 256) - 5 * 256
            #expect(try ImageDecoder.decode(first[0].body).pixel(x: x, y: y).a == 0)

            try PlacePoint.write(before + [added], to: file)
            try await server.nextRefresh(DatasetRefreshTests.refresh)
            let second = try await server.requestsAtOnce([heatmap, grid])
            #expect(second.allSatisfy { $0.status == 200 && $0.header("Cache-Status")?.contains("miss") == true })
            #expect(zip(first, second).allSatisfy { $0.header("ETag") != $1.header("ETag") && $0.body != $1.body })
            #expect(try ImageDecoder.decode(second[0].body).pixel(x: x, y: y).a > 0, "the new place is not drawn")
            let stale = try await server.request(heatmap, headers: [("If-None-Match", first[0].header("ETag") ?? "")])
            #expect(stale.status == 200, "the old ETag still revalidates")
        }
    }

    /// A dataset's `heatmap:` and `grid:` blocks are its tiles' defaults, as if each request gave
    /// them; a request's own parameters win; a bad default is refused at start, named by its path.
    @Test func aDatasetsBlocksAreItsDefaults() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await InProcessServer.with(config: Self.config(filtered: try Self.bigCities(in: directory))) { server throws in
            for (styled, plain) in [("/heatmap/styled/3/4/2.png", "/heatmap/cities/3/4/2.png?radius=40&ramp=greys"),
                                    ("/heatmap/styled/3/4/2.png?radius=10", "/heatmap/cities/3/4/2.png?radius=10&ramp=greys"),
                                    ("/grid/styled/3/4/2.png", "/grid/cities/3/4/2.png?shape=hex&cell=64&opacity=0.5"),
                                    ("/grid/styled/3/4/2.mvt?shape=square", "/grid/cities/3/4/2.mvt?cell=64")] {
                let answers = try await server.requestsAtOnce([styled, plain])
                #expect(answers.allSatisfy { $0.status == 200 } && answers[0].body == answers[1].body, "\(styled) is not \(plain)")
            }
        }
        for (block, path) in [("heatmap: {radius: 500}", "datasets.bad.heatmap.radius"), ("grid: {cell: 33}", "datasets.bad.grid.cell"),
                              ("heatmap: {ramp: nocolour}", "datasets.bad.heatmap.ramp"), ("grid: {size: 3}", "datasets.bad.grid")] {
            let yaml = "layers: {}\ndatasets:\n  bad:\n    file: \(Self.csv)\n    \(block)\n"
            #expect { try ServerConfig(yaml: yaml, directory: directory) } throws: { error in
                "\(error)".contains(path)
            }
        }
    }
}
