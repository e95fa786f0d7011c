import Foundation
import Testing
import TestTier

/// `cairn clusters --cluster-extent bbox|hull`: the clusters of a zoom and a cluster's children
/// carry the bounding box and the convex hull of the points `--leaves` prints for them; the option
/// is refused, exit 64 with one `error:` line, where no clusters are listed or its value is unknown.
@Suite(.process) struct ClusterHullCommandTests {
    static let csv = Cairn.repositoryRoot + "/Samples/points/cities15000.csv"

    static func features(_ run: CairnRun) throws -> [[String: Any]] {
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any]
        return try #require(json?["features"] as? [[String: Any]])
    }

    @Test func clustersCarryTheBoxAndHullOfTheirLeaves() throws {
        let boxed = try Self.features(try Cairn.run(["clusters", Self.csv, "--zoom", "4", "--bbox", "0,40,20,55", "--cluster-extent", "bbox"]))
        let clusters = boxed.filter { $0["bbox"] != nil }
        #expect(clusters.count >= 10 && boxed.allSatisfy { ($0["bbox"] != nil) == ($0["id"] is Int && ($0["properties"] as? [String: Any])?["cluster"] != nil) })
        for cluster in clusters.prefix(5) {
            let id = try #require(cluster["id"] as? Int)
            let count = try #require((cluster["properties"] as? [String: Any])?["point_count"] as? Int)
            let leaves = try Self.features(try Cairn.run(["clusters", Self.csv, "--leaves", "\(id)", "--limit", "\(count)"])).map {
                ($0["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
            }
            #expect(leaves.count == count)
            let box = [leaves.map { $0[0] }.min()!, leaves.map { $0[1] }.min()!, leaves.map { $0[0] }.max()!, leaves.map { $0[1] }.max()!]
            #expect(cluster["bbox"] as? [Double] == box, "cluster \(id)")

            let children = try Self.features(try Cairn.run(["clusters", Self.csv, "--children", "\(id)", "--cluster-extent", "hull"]))
            for child in children where (child["properties"] as? [String: Any])?["cluster"] != nil {
                let hull = try #require(child["hull"] as? [String: Any], "child of \(id)")
                let type = try #require(hull["type"] as? String)
                #expect(["Polygon", "LineString", "Point"].contains(type))
                if type == "Polygon" {
                    let ring = try #require((hull["coordinates"] as? [[[Double]]])?.first)
                    #expect(ring.count >= 4 && ring.first == ring.last)
                    // Every vertex is one of the parent's leaves.
                    #expect(ring.allSatisfy { vertex in leaves.contains(vertex) }, "child of \(id)")
                }
            }
        }
    }

    @Test func theOptionIsRefusedWhereNoClustersAreListed() throws {
        for arguments in [["--zoom", "3", "--cluster-extent", "box"], ["--stats", "--cluster-extent", "hull"],
                          ["--leaves", "1", "--cluster-extent", "bbox"]] {
            let run = try Cairn.run(["clusters", Self.csv] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.errorLines.count == 1 && run.stdout.isEmpty, "\(arguments): \(run.stderr)")
        }
    }
}
