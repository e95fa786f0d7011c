import Foundation
import Testing
import TestTier

/// A dataset whose `categories:` names a property no point has does not start the server with
/// every point counted as "other": it is refused as `--categories` is in the CLI, naming the
/// property and the properties the points have.
@Suite(.process) struct DatasetCategoriesTypoTests {
    @Test func aDatasetCategoryPropertyNoPointHasIsRefusedAtStart() throws {
        let file = repositoryRoot + "/Samples/points/cities15000.geojson"
        let (status, stderr) = try ServerProcess.failedStart(config: "datasets:\n  cities:\n    file: \(file)\n    categories: {property: countyr}\n")
        #expect(status == 65)
        let errors = stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors[0].hasSuffix(
            "/cairn.yml: datasets.cities: categories: no point has a property 'countyr' (the points have 'country', 'name', 'population')"), "\(stderr)")
    }
}
