import Foundation
import Testing
import TestTier
import TestSupport

/// `cairn clusters --filter` and `--categories` on the sample cities: the filtered output is that
/// of a file holding only the matching cities, in every query mode; bad filters are one `error:`
/// line naming the column, exit 64.
@Suite(.process) struct ClustersFilterCommandTests {
    static let csv = ClustersCommandTests.csv
    static let filter = "population >= 100000 AND country IN ('DE','FR','IT')"

    /// The cities the filter matches, as a CSV file of their own (written by hand from the CSV's rows).
    static func matchingFile(in directory: String) throws -> String {
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        #expect(lines[0] == "id,name,country,population,lon,lat")
        var kept = [String(lines[0])]
        // Only a quoted name may hold commas: the other fields are counted from the end.
        for line in lines.dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let (country, population) = (String(fields[fields.count - 4]), Int(fields[fields.count - 3]))
            if ["DE", "FR", "IT"].contains(country), let population, population >= 100000 { kept.append(String(line)) }
        }
        let path = directory + "/matching.csv"
        try (kept.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func everyQueryModeAnswersAsForAFileOfTheMatchingPointsAlone() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let matching = try Self.matchingFile(in: directory)
        let zoom3 = try Cairn.run(["clusters", Self.csv, "--zoom", "3", "--filter", Self.filter])
        #expect(zoom3.status == 0, "\(zoom3.stderr)")
        #expect(zoom3.stdout == (try Cairn.run(["clusters", matching, "--zoom", "3"])).stdout)
        let features = try GeoFeature.collection(Array(zoom3.stdout.dropLast()))
        let cluster = try #require(features.filter(\.isCluster).max { $0.pointCount < $1.pointCount })
        let id = try #require(cluster.clusterID)
        for mode in [["--children", "\(id)"], ["--leaves", "\(id)", "--limit", "50", "--offset", "3"], ["--expansion-zoom", "\(id)"],
                     ["--zoom", "6", "--bbox", "0,40,15,55"]] {
            let filtered = try Cairn.run(["clusters", Self.csv, "--filter", Self.filter] + mode)
            let alone = try Cairn.run(["clusters", matching] + mode)
            #expect(filtered.status == 0 && filtered.stdout == alone.stdout, "\(mode): \(filtered.stderr)")
        }
        let stats = try Cairn.run(["clusters", Self.csv, "--stats", "--filter", Self.filter])
        let aloneStats = try Cairn.run(["clusters", matching, "--stats"])
        let table = { (run: CairnRun) in String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").dropLast() }
        #expect(table(stats) == table(aloneStats))
    }

    @Test func badFiltersAreOneErrorLineWithTheirColumnAndExit64() throws {
        let syntax = try Cairn.run(["clusters", Self.csv, "--zoom", "3", "--filter", "population >= "])
        #expect(syntax.status == 64)
        #expect(syntax.errorLines == ["error: filter: expected a value after '>=' at column 15"])
        #expect(syntax.stdout.isEmpty)
        let typo = try Cairn.run(["clusters", Self.csv, "--zoom", "3", "--filter", "country = 'DE' AND populaton > 5"])
        #expect(typo.status == 64)
        #expect(typo.errorLines == ["error: filter: no point has a property 'populaton' (the points have 'country', 'name', 'population') at column 20"])
    }

    @Test func categoriesBreakEveryClusterDown() throws {
        let run = try Cairn.run(["clusters", Self.csv, "--zoom", "2", "--categories", "country=US,IN,BR"])
        #expect(run.status == 0, "\(run.stderr)")
        let features = try GeoFeature.collection(Array(run.stdout.dropLast()))
        let clusters = features.filter(\.isCluster)
        #expect(clusters.count > 20)
        for cluster in clusters {
            let categories = try #require(cluster.properties["categories"] as? [String: Any])
            #expect(categories.values.reduce(0) { $0 + ($1 as? Int ?? 0) } == cluster.pointCount)
            #expect(Set(categories.keys).isSubset(of: ["US", "IN", "BR", "other"]))
            #expect(categories.values.allSatisfy { ($0 as? Int ?? 0) > 0 })
            let largest = try #require(cluster.properties["category"] as? String)
            #expect(categories[largest] as? Int == categories.values.compactMap { $0 as? Int }.max())
        }
        let bad = try Cairn.run(["clusters", Self.csv, "--zoom", "2", "--categories", "country=US,,BR"])
        #expect(bad.status == 64)
        #expect(bad.errorLines.count == 1 && bad.errorLines[0].contains("a category value is empty"))
    }
}
