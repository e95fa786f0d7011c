import Foundation
import Markers
import Testing
import TestSupport
import TestTier
@testable import CairnServer

/// A served dataset without a `radius` clusters with the radius that keeps its style's badges
/// apart (google: 80 on tiles of extent 512; leaflet: 67), while `cairn clusters` keeps
/// supercluster's 40; a `radius` in the configuration wins.
@Suite(.process) struct DatasetRadiusTests {
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

    /// radius = ⌈largest diameter / 256 × extent × 5/6⌉.
    @Test func theDefaultRadiusFollowsTheLargestBadge() throws {
        #expect(try BadgeSpacing.largestDiameter(style: .google, label: nil) == 48)
        #expect(try BadgeSpacing.radius(style: .google, label: nil, extent: 512) == 80)
        #expect(try BadgeSpacing.radius(style: .google, label: nil, extent: 4096) == 640)
        #expect(try BadgeSpacing.radius(style: .leaflet, label: nil, extent: 512) == 67)
        // ios badges grow with their bucket and label: the widest decides.
        let ios = try BadgeSpacing.largestDiameter(style: .ios, label: .exact)
        let widest = try BadgeStyle.ios.layout(for: 9_999_999, label: .exact).diameter
        #expect(ios > 26 && ios >= widest)
    }

    @Test func aDatasetWithoutRadiusDerivesItAndOneWithRadiusKeepsIt() throws {
        let config = try ServerConfig(yaml: """
            datasets:
              a: {file: a.geojson}
              b: {file: b.geojson, radius: 40}
            """)
        #expect(config.datasets.first { $0.name == "a" }?.radiusFromStyle == true)
        let b = try #require(config.datasets.first { $0.name == "b" })
        #expect(!b.radiusFromStyle && b.cluster.radius == 40)
    }
}
