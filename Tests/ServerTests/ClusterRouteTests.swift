import Canvas
import Codecs
import Foundation
import Testing
import TestSupport
import TestTier

/// `GET /clusters/{dataset}…` in process over the 34 006 cities of `Samples/points`: the
/// GeoJSON answers are the bytes `cairn clusters` prints for the same options, with the caching
/// headers a proxy relies on; bad requests are 400 or 404, never 500; a point's card is drawn
/// from its properties.
@Suite struct ClusterRouteTests {
    /// `.process`: the answers are compared with what `cairn clusters` prints.
    @Test(.process) func clustersAreTheCLIsOutputWithCachingHeaders() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let bbox = "-10,35,30,60"
            let cli = concurrently(2) { index in
                try ClusterCLI.run(["clusters", CitiesDataset.file, "--zoom", index == 0 ? "3" : "5"]
                    + (index == 0 ? ["--bbox", bbox] : []) + CitiesDataset.cliOptions)
            }
            let answer = try await server.request("/clusters/cities?bbox=\(bbox)&zoom=3")
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.header("Content-Type") == "application/geo+json")
            #expect(answer.header("Cache-Control") == "public, max-age=60")
            let etag = try #require(answer.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 8, "ETag \(etag)")
            let bboxRun = try cli[0].get()
            #expect(bboxRun.status == 0, "\(bboxRun.stderr)")
            #expect(answer.body + [0x0A] == bboxRun.stdout, "the API and `cairn clusters` differ")
            #expect(try GeoFeature.collection(answer.body).contains { $0.properties["total"] is Int })  // the dataset's aggregate

            // The world (no bbox) at another zoom.
            let world = try await server.request("/clusters/cities?zoom=5")
            #expect(world.status == 200)
            #expect(world.body + [0x0A] == (try cli[1].get().stdout))
            #expect(world.header("ETag") != etag)

            // Revalidation.
            let revalidated = try await server.request("/clusters/cities?bbox=\(bbox)&zoom=3", headers: [("If-None-Match", etag)])
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.header("ETag") == etag)
            #expect(revalidated.header("Cache-Control") == "public, max-age=60")
            let other = try await server.request("/clusters/cities?bbox=\(bbox)&zoom=3", headers: [("If-None-Match", "\"something-else\"")])
            #expect(other.status == 200 && other.body == answer.body)
            let again = try await server.request("/clusters/cities?bbox=\(bbox)&zoom=3")
            #expect(again.header("ETag") == etag && again.body == answer.body)
        }
    }

    /// `.process`: the answers are compared with what `cairn clusters` prints.
    @Test(.process) func childrenLeavesAndExpansionZoomAreTheCLIs() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let zoom3 = try GeoFeature.collection(try await server.request("/clusters/cities?zoom=3&bbox=-10,35,30,60").body)
            let cluster = try #require(zoom3.filter(\.isCluster).max { $0.pointCount < $1.pointCount })
            let id = try #require(cluster.clusterID)
            let runs = concurrently(3) { index in
                try ClusterCLI.run(["clusters", CitiesDataset.file] + CitiesDataset.cliOptions + [
                    ["--children", "\(id)"], ["--leaves", "\(id)", "--limit", "7", "--offset", "3"], ["--expansion-zoom", "\(id)"],
                ][index])
            }

            let children = try await server.request("/clusters/cities/\(id)/children")
            #expect(children.status == 200)
            #expect(children.header("Content-Type") == "application/geo+json")
            #expect(children.header("Cache-Control") == "public, max-age=60")
            #expect(children.body + [0x0A] == (try runs[0].get().stdout))
            #expect(try GeoFeature.collection(children.body).reduce(0) { $0 + $1.pointCount } == cluster.pointCount)

            let leaves = try await server.request("/clusters/cities/\(id)/leaves?limit=7&offset=3")
            #expect(leaves.status == 200)
            #expect(leaves.body + [0x0A] == (try runs[1].get().stdout))
            #expect(try GeoFeature.collection(leaves.body).count == 7)
            let etag = try #require(leaves.header("ETag"))
            #expect(try await server.request("/clusters/cities/\(id)/leaves?limit=7&offset=3", headers: [("If-None-Match", etag)]).status == 304)
            let otherPage = try await server.request("/clusters/cities/\(id)/leaves?limit=7&offset=4")
            #expect(otherPage.header("ETag") != etag)
            #expect(try GeoFeature.collection(otherPage.body).prefix(6).map(\.id) == (try GeoFeature.collection(leaves.body)).dropFirst().map(\.id))
            let defaultPage = try GeoFeature.collection(try await server.request("/clusters/cities/\(id)/leaves").body)
            #expect(defaultPage.count == 10)  // limit 10, offset 0
            #expect(defaultPage[3..<10].map(\.id) == (try GeoFeature.collection(leaves.body)).map(\.id))

            let expansion = try await server.request("/clusters/cities/\(id)/expansion-zoom")
            #expect(expansion.status == 200)
            #expect(expansion.body + [0x0A] == (try runs[2].get().stdout))
            #expect(expansion.text == "{\"cluster_id\":\(id),\"expansion_zoom\":4}")
            // Not a GeoJSON object: plain JSON.
            #expect(expansion.header("Content-Type") == "application/json")
        }
    }

    @Test func unknownNamesAre404AndBadParametersAre400() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let cluster = try #require(try GeoFeature.collection(try await server.request("/clusters/cities?zoom=2").body).first { $0.isCluster }?.clusterID)
            let cases: [(String, Int)] = [
                ("/clusters/nowhere?zoom=3", 404),
                ("/clusters/nowhere", 404),  // an unknown dataset before a missing zoom
                ("/clusters/nowhere?zoom=x&bbox=a", 404),
                ("/clusters/nowhere/abc/children", 404),  // before a bad cluster id
                ("/clusters/nowhere/\(cluster)/children", 404),
                ("/clusters/nowhere/3/4/2.mvt", 404),
                ("/clusters/nowhere/3/4/2.png", 404),
                ("/clusters/nowhere/points/3413829/card.png", 404),
                ("/clusters/cities/123456789/children", 404),
                ("/clusters/cities/123456789/leaves", 404),
                ("/clusters/cities/123456789/expansion-zoom", 404),
                ("/clusters/cities/\(cluster)/parents", 404),
                ("/clusters/cities/points/999999999/card.png", 404),
                ("/clusters/cities/points/3413829/card.jpg", 404),
                ("/clusters/cities/3/8/2.png", 404),  // outside the grid
                ("/clusters/cities/3/4/2@2x.mvt", 404),
                ("/clusters/cities?bbox=-10,35,30,60", 400),  // no zoom
                ("/clusters/cities?zoom=x", 400),
                ("/clusters/cities?zoom=-1", 400),
                ("/clusters/cities?zoom=31", 400),
                ("/clusters/cities?zoom=nan", 400),
                ("/clusters/cities?zoom=3&bbox=1,2,3", 400),
                ("/clusters/cities?zoom=3&bbox=a,b,c,d", 400),
                ("/clusters/cities?zoom=3&bbox=0,60,10,50", 400),  // south above north
                ("/clusters/cities?zoom=3&bbox=0,nan,10,50", 400),
                ("/clusters/cities/abc/children", 400),
                ("/clusters/cities/-5/children", 400),
                ("/clusters/cities/99999999999999999999999/leaves", 400),
                ("/clusters/cities/\(cluster)/leaves?limit=0", 400),
                ("/clusters/cities/\(cluster)/leaves?limit=abc", 400),
                ("/clusters/cities/\(cluster)/leaves?limit=100001", 400),
                ("/clusters/cities/\(cluster)/leaves?offset=-1", 400),
                ("/clusters/cities/points/3413829/card.png?scale=x", 400),
            ]
            for (target, status) in cases {
                let response = try await server.request(target)
                #expect(response.status == status, "\(target): \(response.status) \(response.text)")
                #expect(response.text.hasPrefix("error: "), "\(target): \(response.text)")
            }
            #expect(try await server.request("/health").status == 200)  // still serving
        }
    }

    @Test func aPointsCardIsFilledFromItsProperties() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let response = try await server.request("/clusters/cities/points/3413829/card.png")  // Reykjavík, IS, 118918
            #expect(response.status == 200, "\(response.text)")
            #expect(response.header("Content-Type") == "image/png")
            #expect(response.header("Cache-Status")?.contains("miss") == true)
            let card = try ImageDecoder.decode(response.body)
            #expect(card.width == 262)  // cards.width 240 pt plus 11 pt of shadow each side
            #expect((80...120).contains(card.height), "height \(card.height)")
            #expect(card.pixel(x: 0, y: 0).a == 0)
            #expect(card.pixel(x: card.width - 1, y: 0).a == 0)
            let white = card.pixel(x: 16, y: card.height / 2)
            #expect(white.a == 255 && white.r >= 250 && white.g >= 250 && white.b >= 250, "centre-left \(white)")
            // The title's dark glyphs on the white card.
            var dark = 0
            for y in 24..<44 {
                for x in 14..<130 {
                    let pixel = card.pixel(x: x, y: y)
                    if pixel.a == 255, pixel.r < 90, pixel.g < 90, pixel.b < 90 { dark += 1 }
                }
            }
            #expect(dark > 40, "\(dark) dark pixels where the title is")

            // The same card as asked for by its text: the template took the point's properties.
            let asked = try await server.request("/cards.png", method: "POST", headers: [("Content-Type", "application/json")],
                                           body: Array(#"{"title": "Reykjavík", "subtitle": "IS · population 118918"}"#.utf8))
            #expect(asked.status == 200)
            #expect(asked.body == response.body, "the point's card is not the card of its title and subtitle")
            let again = try await server.request("/clusters/cities/points/3413829/card.png")
            #expect(again.header("Cache-Status")?.contains("hit") == true && again.body == response.body)
            let other = try await server.request("/clusters/cities/points/2110394/card.png")  // Funafuti
            #expect(other.status == 200 && other.body != response.body)
            let retina = try ImageDecoder.decode(try await server.request("/clusters/cities/points/3413829/card.png?scale=2").body)
            #expect(retina.width == 2 * card.width && retina.height == 2 * card.height)
        }
    }

    @Test func aDatasetWithoutACardTemplateHasNoCards() async throws {
        try await InProcessServer.with(config: CitiesDataset.config(card: false)) { server throws in
            let response = try await server.request("/clusters/cities/points/3413829/card.png")
            #expect(response.status == 404)
            #expect(response.text.contains("card"))
        }
    }
}

/// The cities of `Samples/points` as a dataset `cities` of `cairn serve`.
enum CitiesDataset {
    static let file = repositoryRoot + "/Samples/points/cities15000.geojson"
    /// What `cairn clusters` needs to cluster as the dataset does.
    static let cliOptions = ["--aggregate", "total=sum:population"]
    /// The marker of a lone point: magenta, to tell it from any badge.
    static let markerFill = RGBA8(r: 255, g: 0, b: 255, a: 255)

    static func config(card: Bool = true, extra: String = "") -> String {
        """
        layers: {}
        datasets:
          cities:
            file: \(file)
            aggregates: {total: {sum: population}}
            radius: 40  # supercluster's default, as `cairn clusters` and the references cluster
            style: google
            marker: {fill: "#ff00ff", stroke: white, radius: 6}
        \(card ? "    card: {title: \"{name}\", subtitle: \"{country} · population {population}\"}" : "")
        \(extra)
        """
    }
}

/// Runs the `cairn` binary (not the server), or another `program`, and captures what it prints.
enum ClusterCLI {
    struct Run: Sendable {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
    }

    static func run(_ arguments: [String], program: URL = cairnExecutable) throws -> Run {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errors = StreamCollector(error.fileHandleForReading)
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errors.waitForEnd()
        return Run(status: process.terminationStatus, stdout: Array(bytes), stderr: errors.text)
    }
}

