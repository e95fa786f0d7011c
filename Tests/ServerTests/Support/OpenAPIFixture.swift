import Foundation

/// Tests/Fixtures/openapi/cairn.yml (what scripts/test-openapi.sh serves), with its relative paths
/// made absolute so that it works from any directory, plus `extra` top-level YAML.
enum OpenAPIFixture {
    static let token = "openapi-fixture-token"

    static func config(extra: String = "") throws -> String {
        let text = try String(contentsOfFile: repositoryRoot + "/Tests/Fixtures/openapi/cairn.yml", encoding: .utf8)
        return text.replacingOccurrences(of: "../../../", with: repositoryRoot + "/")
            .replacingOccurrences(of: "file://../", with: "file://" + repositoryRoot + "/Tests/Fixtures/")
            .replacingOccurrences(of: "  port: 0\n", with: "") + extra + "\n"
    }

    /// The served document of a server, parsed.
    static func document(_ server: InProcessServer, headers: [(String, String)] = []) async throws -> [String: Any] {
        let answer = try await server.request("/openapi.json", headers: headers)
        guard answer.status == 200, let document = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else {
            throw NoDocument(description: "/openapi.json: \(answer.status) \(answer.text.prefix(200))")
        }
        return document
    }

    /// The server answered `/openapi.json` with something else than a JSON document.
    struct NoDocument: Error, CustomStringConvertible {
        let description: String
    }
}
