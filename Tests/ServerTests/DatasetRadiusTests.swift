import Foundation
import Testing
import TestSupport

/// A served dataset without a `radius` clusters with the radius that keeps its style's badges
/// apart (google: 80 on tiles of extent 512; leaflet: 67), while `cairn clusters` keeps
/// supercluster's 40; a `radius` in the configuration wins.
@Suite struct DatasetRadiusTests {
    static func config(_ extra: String) -> String {
        """
        layers: {}
        datasets:
          cities:
            file: \(CitiesDataset.file)
            refresh: 1h
        \(extra)
        """
    }

    /// The dataset's answer at zoom 3 over Europe, and `cairn clusters` with `options` for the same.
    static func compare(config extra: String, cli options: [String]) throws -> (served: [UInt8], cli: [UInt8]) {
        let server = try ServerProcess(config: config(extra))
        defer { server.kill() }
        let answer = try server.request("/clusters/cities?bbox=-10,35,30,60&zoom=3")
        try #require(answer.status == 200, "\(answer.text)")
        let run = try ClusterCLI.run(["clusters", CitiesDataset.file, "--zoom", "3", "--bbox=-10,35,30,60"] + options)
        try #require(run.status == 0, "\(run.stderr)")
        return (answer.body + [0x0A], run.stdout)
    }

    @Test func withoutARadiusTheGoogleBadgesGetEighty() throws {
        let (served, cli) = try Self.compare(config: "", cli: ["--radius", "80"])
        #expect(served == cli, "the served clusters are not `cairn clusters --radius 80`'s")
        // And not the command line's default, 40: the two really differ here.
        let fortyRun = try ClusterCLI.run(["clusters", CitiesDataset.file, "--zoom", "3", "--bbox=-10,35,30,60"])
        #expect(fortyRun.stdout != served)
        let plain = try GeoFeature.collection(fortyRun.stdout), wide = try GeoFeature.collection(Array(served.dropLast()))
        #expect(wide.count < plain.count, "radius 80 makes fewer, larger clusters (\(wide.count) vs \(plain.count))")
    }

    @Test func theLeafletStyleGetsSixtySeven() throws {
        let (served, cli) = try Self.compare(config: "    style: leaflet", cli: ["--radius", "67"])
        #expect(served == cli, "the served clusters are not `cairn clusters --radius 67`'s")
    }

    @Test func aConfiguredRadiusWins() throws {
        let (served, cli) = try Self.compare(config: "    radius: 40", cli: [])
        #expect(served == cli, "radius: 40 is not `cairn clusters`' default")
    }
}
