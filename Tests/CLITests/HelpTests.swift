import Foundation
import Testing
import TestTier

/// What `--help` says keeps up with what the commands do.
@Suite(.process) struct HelpTests {
    /// Every route docs/http-api.md has a heading for is in `serve --help`: the literal part of its
    /// path before the first placeholder and after the last (`/admin/jobs/`, `/children`).
    @Test func serveHelpNamesEveryRoute() throws {
        let api = try String(contentsOfFile: Cairn.repositoryRoot + "/docs/http-api.md", encoding: .utf8)
        let routes = api.split(separator: "\n").filter { $0.hasPrefix("### `") }.compactMap { $0.split(separator: " ").dropFirst(2).first }
            .map { String($0.dropLast()) }
        #expect(routes.count >= 30, "\(routes)")
        let help = try Cairn.run(["serve", "--help"])
        let text = String(decoding: help.stdout, as: UTF8.self)
        #expect(help.status == 0)
        for route in routes {
            let head = String(route.prefix { $0 != "{" })
            let tail = route.contains("}") ? String(route[route.index(after: route.lastIndex(of: "}")!)...]) : ""
            #expect(text.contains(head), "serve --help lacks \(route)")
            if !tail.isEmpty, !tail.contains("{") { #expect(text.contains(tail), "serve --help lacks \(route)") }
        }
    }

    @Test func snapshotHelpNamesEverySourceKind() throws {
        let help = try Cairn.run(["snapshot", "--help"])
        let text = String(decoding: help.stdout, as: UTF8.self)
        for kind in ["http(s)://", "file://", ".mbtiles", ".pmtiles", "directory"] {
            #expect(text.contains(kind), "snapshot --help lacks \(kind)")
        }
    }
}
