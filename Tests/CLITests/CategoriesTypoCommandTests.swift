import Testing
import TestTier

/// `--categories` with a property no point has is a typo, refused as `--filter` refuses one: exit
/// 64, one `error:` line naming the property and the properties the points do have.
@Suite(.process) struct CategoriesTypoCommandTests {
    @Test func aCategoryPropertyNoPointHasIsAnErrorListingTheirProperties() throws {
        for spec in ["countyr", "countyr=DE,FR"] {
            let run = try Cairn.run(["clusters", ClustersCommandTests.csv, "--zoom", "3", "--categories", spec])
            #expect(run.status == 64)
            #expect(run.errorLines == ["error: categories: no point has a property 'countyr' (the points have 'country', 'name', 'population')"])
            #expect(run.stdout.isEmpty)
        }
        #expect(try Cairn.run(["clusters", ClustersCommandTests.csv, "--zoom", "3", "--categories", "country"]).status == 0)
    }
}
