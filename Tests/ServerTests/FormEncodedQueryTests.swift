import Foundation
import Testing
import TestTier

/// Query strings are decoded as HTML forms and `URLSearchParams` (and so Python's requests,
/// schemathesis, the map page) encode them: `+` is a space, `%2B` a plus. Found by schemathesis:
/// `?filter=population+>+100000` was a 400 ("'+' is not a number"), and a card titled
/// `Café+Central` showed the pluses.
@Suite(.process) struct FormEncodedQueryTests {
    @Test func aPlusInTheQueryIsASpace() throws {
        let server = try ServerProcess(config: try OpenAPIFixture.config(), environment: ["CAIRN_ADMIN_TOKEN": OpenAPIFixture.token])
        defer { server.kill() }
        let spaced = try server.request("/clusters/cities?zoom=2&filter=population%20%3E%201000000")
        let plussed = try server.request("/clusters/cities?zoom=2&filter=population+%3E+1000000")
        #expect(spaced.status == 200 && plussed.status == 200, "\(plussed.text.prefix(200))")
        #expect(plussed.body == spaced.body)
        #expect(try server.request("/clusters/cities/2/2/1.mvt?filter=population+>+1000000").status == 200)

        let card = try server.request("/cards/europe.png?title=Caf%C3%A9%20Central&subtitle=Vienna")
        #expect(card.status == 200)
        #expect(try server.request("/cards/europe.png?title=Caf%C3%A9+Central&subtitle=Vienna").body == card.body)
        let plus = try server.request("/cards/europe.png?title=Caf%C3%A9%2BCentral&subtitle=Vienna")
        #expect(plus.status == 200 && plus.body != card.body, "%2B is a plus, not a space")

        let admin = [("Authorization", "Bearer \(OpenAPIFixture.token)")]
        let purge = try server.request("/admin/cache/world?older_than=7d&bbox=-10,35,30,60", method: "DELETE", headers: admin)
        #expect(purge.status == 200)
        #expect(try server.request("/admin/cache/world?zoom=+3", method: "DELETE", headers: admin).status == 400,
                "' 3' is no zoom: the plus was decoded to a space")
    }
}
