import Foundation
import Testing
@testable import CairnServer

/// docs/configuration.md's key tables against what `ServerConfig(yaml:)` reads: every documented key
/// is accepted, and every section refuses a key it does not know, listing exactly the documented ones.
@Suite struct ConfigKeysDocsTests {
    /// A documented section: its heading in docs/configuration.md and the keys of its table.
    struct Section: CustomTestStringConvertible {
        let heading: String
        let keys: [String]
        var testDescription: String { heading }
    }

    /// The sections of docs/configuration.md that have a `| key | …` table, in page order.
    static let documented: [Section] = {
        guard let text = try? String(contentsOfFile: repositoryRoot + "/docs/configuration.md", encoding: .utf8) else { return [] }
        var sections: [Section] = []
        var heading: String?
        var keys: [String] = []
        var inTable = false
        func close() {
            if let heading, !keys.isEmpty { sections.append(Section(heading: heading, keys: keys)) }
            keys = []
            inTable = false
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                close()
                heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("| key |") {
                inTable = true
            } else if inTable, line.hasPrefix("|"), !line.hasPrefix("|---") {
                // The first cell: `name`, or several (`lon`, `lat`).
                let cell = line.dropFirst().prefix { $0 != "|" }
                keys += cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            } else if inTable, !line.hasPrefix("|") {
                close()
            }
        }
        close()
        return sections
    }()

    /// The top-level sections: the page's `##` headings but the first ("How the file is read").
    static let topLevel: [String] = {
        guard let text = try? String(contentsOfFile: repositoryRoot + "/docs/configuration.md", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { $0.hasPrefix("## ") }.dropFirst().map { String($0.dropFirst(3)) }
    }()

    /// A configuration holding `entry` (a flow-mapping pair) in the section documented under
    /// `heading`, and that section's path in the file.
    static func placing(_ entry: String, under heading: String) -> (yaml: String, path: String)? {
        let animated = "source: \"http://tiles.example/{t}/{z}/{x}/{y}.png\""
        switch heading {
        case "server", "cache", "badges", "cards", "limits", "page", "security", "admin":
            return ("\(heading): {\(entry)}", heading)
        case "security.signing": return ("security: {signing: {\(entry)}}", heading)
        case "layers": return ("layers: {osm: {\(entry)}}", "layers.osm")
        case "layers.NAME.source": return ("layers: {osm: {source: {\(entry)}}}", "layers.osm.source")
        case "layers.NAME.frames": return ("layers: {osm: {\(animated), frames: {\(entry)}}}", "layers.osm.frames")
        case "datasets": return ("datasets: {pts: {\(entry)}}", "datasets.pts")
        case let nested where nested.hasPrefix("datasets.NAME."):
            let key = String(nested.dropFirst("datasets.NAME.".count))
            return ("datasets: {pts: {\(key): {\(entry)}}}", "datasets.pts.\(key)")
        default: return nil
        }
    }

    private static func refusal(_ yaml: String) -> String? {
        do {
            _ = try ServerConfig(yaml: yaml, environment: [:])
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func thePageDocumentsTheSections() {
        #expect(Self.documented.count >= 18, "docs/configuration.md: \(Self.documented.map(\.heading))")
        #expect(Self.topLevel.count == 10, "\(Self.topLevel)")
    }

    @Test func theTopLevelRefusesAnUnknownSectionNamingTheDocumentedOnes() {
        #expect(Self.refusal("sections: {}") == "sections: unknown key (valid here: \(Self.topLevel.joined(separator: ", ")))")
    }

    @Test(arguments: documented) func everyDocumentedKeyIsAccepted(_ section: Section) throws {
        for key in section.keys {
            let (yaml, _) = try #require(Self.placing("\(key): ~", under: section.heading), "no placement for \(section.heading)")
            let problem = Self.refusal(yaml)
            #expect(problem?.contains("unknown key") != true, "\(yaml)\n→ \(problem ?? "")")
        }
    }

    @Test(arguments: documented) func anUnknownKeyIsRefusedNamingTheDocumentedOnes(_ section: Section) throws {
        let (yaml, path) = try #require(Self.placing("colour: red", under: section.heading), "no placement for \(section.heading)")
        let problem = try #require(Self.refusal(yaml), "\(yaml) was accepted")
        let prefix = "\(path).colour: unknown key (valid here: "
        try #require(problem.hasPrefix(prefix) && problem.hasSuffix(")"), "\(yaml)\n→ \(problem)")
        let listed = problem.dropFirst(prefix.count).dropLast().components(separatedBy: ", ")
        #expect(listed.sorted() == section.keys.sorted(), "\(section.heading): the refusal lists \(listed), the page \(section.keys)")
    }
}
