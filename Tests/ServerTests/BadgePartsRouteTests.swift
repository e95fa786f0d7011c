import Canvas
import Codecs
import Foundation
import Testing
import TestTier

/// `GET /badges/{count}.png?parts=NAME:COUNT[:COLOUR],…&look=donut|pie|dominant`.
@Suite(.process) struct BadgePartsRouteTests {
    /// A server with no layers: badges need none.
    private func serve() throws -> ServerProcess { try ServerProcess(config: "layers: {}\n") }

    @Test func aDonutBadgeIsAPNGWithTheRingInThePartsColours() throws {
        let server = try serve()
        let first = try server.request("/badges/42.png?parts=restaurant:30,cafe:10:00ff00&scale=2")
        #expect(first.status == 200, "\(first.text)")
        #expect(first.header("Content-Type") == "image/png")
        #expect(first.header("Cache-Status") == "cairn; fwd=miss; stored")
        let image = try ImageDecoder.decode(first.body)
        #expect(image.width == 96)
        // The ring, 17 to 24 pt from the centre: restaurant (the palette's first colour) from 12 o'clock to
        // 9 o'clock, then cafe in the green it was given.
        #expect(image.pixel(x: 48 + 29, y: 48 + 29).distance(to: try Color(parsing: "#e6194b").pixel) <= 2)   // 135°
        #expect(image.pixel(x: 48 - 30, y: 48 - 30).distance(to: RGBA8(r: 0, g: 255, b: 0, a: 255)) <= 2)     // 315°
        let second = try server.request("/badges/42.png?parts=restaurant:30,cafe:10:00ff00&scale=2")
        #expect(second.header("Cache-Status") == "cairn; hit")
        #expect(second.body == first.body && second.header("ETag") == first.header("ETag"))
    }

    @Test func looksPartsAndColoursAllChangeTheETag() throws {
        let server = try serve()
        let paths = ["/badges/42.png", "/badges/42.png?parts=a:30,b:10", "/badges/42.png?parts=a:30,b:10&look=pie",
                     "/badges/42.png?parts=a:30,b:10&look=dominant", "/badges/42.png?parts=a:10,b:30",
                     "/badges/42.png?parts=a:30,b:10:123456"]
        var etags: [String] = []
        for path in paths {
            let answer = try server.request(path)
            #expect(answer.status == 200, "\(path): \(answer.text)")
            etags.append(answer.header("ETag") ?? "")
            // Each is stored under its own key: asked again, it is a hit with the same ETag.
            let again = try server.request(path)
            #expect(again.header("Cache-Status") == "cairn; hit" && again.header("ETag") == etags.last, "\(path)")
        }
        #expect(Set(etags).count == paths.count, "\(etags)")
        // Explicit donut is the default look; the same proportions are the same image.
        #expect(try server.request("/badges/42.png?parts=a:30,b:10&look=donut").header("ETag") == etags[1])
        #expect(try server.request("/badges/42.png?parts=a:60,b:20").header("ETag") == etags[1])
    }

    @Test func badPartsOrLookAre400WithTheReason() throws {
        let server = try serve()
        let bad: [(String, String)] = [
            ("/badges/42.png?parts=a:x", "'a:x': the count must be a whole number"),
            ("/badges/42.png?parts=a:3,b:-1", "part 'b': the count must not be negative"),
            ("/badges/42.png?parts=a:0,b:0", "every part's count is 0"),
            ("/badges/42.png?parts=", "expected NAME:COUNT"),
            ("/badges/42.png?parts=a", "'a': expected NAME:COUNT[:COLOUR]"),
            ("/badges/42.png?parts=a:1:zzz", "invalid colour 'zzz'"),
            ("/badges/42.png?parts=a:1,a:2", "part 'a' is given twice"),
            ("/badges/42.png?parts=a:9223372036854775807,b:1", "add up to more than"),
            ("/badges/42.png?parts=a:1&look=square", "look must be donut, pie or dominant"),
            ("/badges/42.png?look=pie", "look needs parts"),
        ]
        for (path, reason) in bad {
            let answer = try server.request(path)
            #expect(answer.status == 400, "\(path): \(answer.status) \(answer.text)")
            #expect(answer.text.hasPrefix("error: ") && answer.text.contains(reason), "\(path): \(answer.text)")
        }
        let many = (0...100).map { "p\($0):1" }.joined(separator: ",")
        #expect(try server.request("/badges/42.png?parts=\(many)").status == 400)
        #expect(try server.request("/badges/42.png?parts=a:1%3A%23ff0000&look=pie").status == 200)
    }
}
