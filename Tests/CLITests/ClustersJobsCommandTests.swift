import Foundation
import Testing
import TestTier
import TestSupport

/// `cairn clusters --jobs N` builds the index on N threads and prints exactly what one thread
/// prints; a count below 1 is a usage error.
@Suite(.process) struct ClustersJobsCommandTests {
    @Test(arguments: [
        ["--zoom", "3"], ["--zoom", "9", "--bbox", "5,45,15,55"], ["--zoom", "5", "--categories", "country=DE,FR,IT"],
        ["--zoom", "4", "--filter", "population >= 100000"],
    ])
    func severalThreadsPrintWhatOnePrints(query: [String]) throws {
        let one = try Cairn.run(["clusters", ClustersCommandTests.csv, "--jobs", "1"] + query)
        let four = try Cairn.run(["clusters", ClustersCommandTests.csv, "--jobs", "4"] + query)
        #expect(one.status == 0 && four.status == 0, "\(one.stderr)\(four.stderr)")
        #expect(one.stdout.count > 100)
        #expect(four.stdout == one.stdout, "\(query)")
    }

    @Test func noThreadsIsAUsageError() throws {
        let run = try Cairn.run(["clusters", ClustersCommandTests.csv, "--zoom", "1", "--jobs", "0"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--jobs must be at least 1 (got 0)"))
        #expect(run.stdout.isEmpty)
    }
}
