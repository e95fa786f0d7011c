import Testing
@testable import ClustersPostgres

/// ``PostgresPointQuery/password`` (a dataset's `password_file`): it takes the place of the URL's
/// password or supplies one, and descriptions of the query show neither.
@Suite struct PasswordTests {
    @Test func thePasswordReplacesOrSuppliesTheURLs() throws {
        var query = PostgresPointQuery(url: "postgres://reader:from-url@db.example.com/shops?password=param", query: "SELECT 1")
        #expect(try query.connectionURL().password == "param")
        query.password = "from-file"
        #expect(try query.connectionURL().password == "from-file")
        var bare = PostgresPointQuery(url: "postgres://reader@db.example.com/shops", query: "SELECT 1")
        #expect(try bare.connectionURL().password == nil)
        bare.password = "from-file"
        #expect(try bare.connectionURL().password == "from-file" && bare.connectionURL().user == "reader")
    }

    @Test func descriptionsShowNoPassword() {
        var query = PostgresPointQuery(url: "postgres://reader:from-url@db.example.com/shops", query: "SELECT id, lon, lat FROM shops")
        query.password = "from-file"
        for text in ["\(query)", String(reflecting: query), "\([query])"] {
            #expect(text == "postgres://reader:***@db.example.com/shops: SELECT id, lon, lat FROM shops" || text.hasPrefix("["), "\(text)")
            #expect(!text.contains("from-url") && !text.contains("from-file"), "\(text)")
        }
    }
}
