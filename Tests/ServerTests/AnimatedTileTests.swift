import Canvas
import Codecs
import Foundation
import Testing
import TestTier
import TestUpstream

/// Animated layers (`frames:`) on a server in process: `/tiles/{layer}/…png` is an APNG and `.webp` an
/// animated WebP, decoded by an independent decoder (Pillow): as many frames as times, each frame's
/// pixels those of the same frame served still (`?frame=N`), the delay and loop count given; a
/// frame the source lacks is transparent (or, with `missing: fail`, a 404); beyond the source's
/// maxzoom every frame is over-zoomed.
@Suite(.process) struct AnimatedTileTests {
    /// The upstream's frames: `/a/{z}/{x}/{y}.png` the corpus tile, `/b/…` the tile east of it (so
    /// the two frames differ), `/gone/…` nothing; zooms above 2 do not exist.
    private let upstream: TestUpstream

    init() throws {
        upstream = try TestUpstream { request in
            let parts = request.path.split(separator: "/").map(String.init)
            guard parts.count == 4, let z = Int(parts[1]), let x = Int(parts[2]), z <= 2 else { return .status(404) }
            switch parts[0] {
            case "a": return FixtureTiles.reply(for: "/\(z)/\(x)/\(parts[3])")
            case "b": return FixtureTiles.reply(for: "/\(z)/\((x + 1) % (1 << z))/\(parts[3])")
            default: return .status(404)
            }
        }
    }

    private func config(times: [String], extra: [String] = []) -> String {
        """
        layers:
          radar:
            source: {url: "\(upstream.baseURL)/{t}/{z}/{x}/{y}.png", maxzoom: 2, retries: 0}
            chain: [{grid: {}}]
            maxzoom: 6
            frames: {times: [\(times.joined(separator: ", "))], delay: 400ms\(extra.map { ", " + $0 }.joined())}
        """
    }

    private func decoded(_ bytes: [UInt8]) throws -> (info: [String: Any], frames: [[UInt8]]) {
        let data = try PythonReference.run("anim_decode.py", on: bytes, fileName: "tile")
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let frames = (info["pixels"] as? [String] ?? []).map { [UInt8](Data(base64Encoded: $0) ?? Data()) }
        return (info, frames)
    }

    /// Straight RGBA bytes of a still tile, row by row (what the decoder prints per frame).
    private func rgba(_ surface: Surface) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface.pixel(x: x, y: y)
                bytes += p.a == 0 ? [0, 0, 0, 0] : [p.r, p.g, p.b, p.a]
            }
        }
        return bytes
    }

    @Test(arguments: ["png", "webp"])
    func everyFrameIsTheStillFrameWithTheDelayAndAMissingOneIsTransparent(format: String) async throws {
        defer { upstream.stop() }
        try await InProcessServer.with(config: config(times: ["a", "b", "gone"])) { server throws in
            let answer = try await server.request("/tiles/radar/2/1/1.\(format)")
            #expect(answer.status == 200, "\(answer.text.prefix(200))")
            #expect(answer.header("Content-Type") == (format == "png" ? "image/png" : "image/webp"))
            let (info, frames) = try decoded(answer.body)
            #expect(info["format"] as? String == format.uppercased())
            #expect(info["frames"] as? Int == 3)
            #expect((info["durations"] as? [Double])?.map { Int($0) } == [400, 400, 400])
            #expect(info["loop"] as? Int == 0)
            for index in 0..<2 {
                let still = try await server.request("/tiles/radar/2/1/1.png?frame=\(index)")
                #expect(still.status == 200)
                #expect(frames[index] == rgba(try ImageDecoder.decode(still.body)), "frame \(index) differs from its still tile")
            }
            #expect(frames[0] != frames[1], "the two frames differ")
            #expect(frames[2].enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 }, "the missing frame is transparent")
            // The source has no frame 2: served still the way the animation shows it, transparent, same size.
            let missing = try await server.request("/tiles/radar/2/1/1.\(format)?frame=2")
            #expect(missing.status == 200, "\(missing.text.prefix(200))")
            #expect(missing.header("Content-Type") == (format == "png" ? "image/png" : "image/webp"))
            #expect(missing.header("Cache-Status")?.contains("detail=missing-frame") == true)
            #expect(rgba(try ImageDecoder.decode(missing.body)) == frames[2], "the missing frame's still is the animation's frame")
            let etag = try #require(missing.header("ETag"))
            #expect(try await server.request("/tiles/radar/2/1/1.\(format)?frame=2", headers: [("If-None-Match", etag)]).status == 304)

            let again = try await server.request("/tiles/radar/2/1/1.\(format)")
            #expect(again.header("Cache-Status") == "cairn; hit" && again.body == answer.body)
            #expect(try await server.request("/tiles/radar/2/1/1.\(format)", headers: [("If-None-Match", answer.header("ETag") ?? "")]).status == 304)
        }
    }

    @Test func beyondTheSourcesMaxzoomEveryFrameIsOverZoomed() async throws {
        defer { upstream.stop() }
        try await InProcessServer.with(config: config(times: ["a", "b"])) { server throws in
            let answer = try await server.request("/tiles/radar/4/5/6.png")
            #expect(answer.status == 200, "\(answer.text.prefix(200))")
            let (info, frames) = try decoded(answer.body)
            #expect(info["frames"] as? Int == 2)
            for index in 0..<2 {
                let still = try await server.request("/tiles/radar/4/5/6.png?frame=\(index)")
                #expect(still.status == 200)
                let expected = rgba(try ImageDecoder.decode(still.body))
                #expect(frames[index] == expected, "frame \(index)")
                #expect(frames[index].enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 }, "frame \(index) has the map")
            }
        }
    }

    /// A static map of an animated layer animates: every frame stitched from the same view, equal
    /// to the static map of a still layer over that frame's source.
    @Test func aStaticMapOfAnAnimatedLayerIsEveryFramesStaticMap() async throws {
        defer { upstream.stop() }
        let stills = ["a", "b"].map { time in
            """
              still-\(time):
                source: {url: "\(upstream.baseURL)/\(time)/{z}/{x}/{y}.png", maxzoom: 2, retries: 0}
                chain: [{grid: {}}]
                maxzoom: 6
            """
        }
        try await InProcessServer.with(config: config(times: ["a", "b"]) + "\n" + stills.joined(separator: "\n") + "\n") { server throws in
            let view = "10,50,2.5/300x200"
            let answer = try await server.request("/static/radar/\(view).png?attribution=false&markers=10,50")
            #expect(answer.status == 200, "\(answer.text.prefix(200))")
            let (info, frames) = try decoded(answer.body)
            #expect(info["frames"] as? Int == 2 && (info["durations"] as? [Double])?.map { Int($0) } == [400, 400])
            for (index, time) in ["a", "b"].enumerated() {
                let still = try await server.request("/static/still-\(time)/\(view).png?attribution=false&markers=10,50")
                #expect(still.status == 200)
                let expected = rgba(try ImageDecoder.decode(still.body))
                #expect(frames[index] == expected, "frame \(index) is not the static map of its source")
            }
            let jpeg = try await server.request("/static/radar/\(view).jpg")
            #expect(jpeg.status == 400 && jpeg.text.contains("animated"))
        }
    }

    /// `frames:` as just the list of the frames' templates, shown 500 ms each.
    @Test func framesMayBeAPlainListOfTemplates() async throws {
        defer { upstream.stop() }
        try await InProcessServer.with(config: """
            layers:
              history:
                source: {maxzoom: 2, retries: 0}
                frames: ["\(upstream.baseURL)/a/{z}/{x}/{y}.png", "\(upstream.baseURL)/b/{z}/{x}/{y}.png"]
            """) { server throws in
            let answer = try await server.request("/tiles/history/2/1/1.png")
            #expect(answer.status == 200, "\(answer.text.prefix(200))")
            let (info, frames) = try decoded(answer.body)
            #expect(info["frames"] as? Int == 2 && (info["durations"] as? [Double])?.map { Int($0) } == [500, 500])
            let first = try await server.request("/tiles/history/2/1/1.png?frame=0")
            #expect(frames[0] == rgba(try ImageDecoder.decode(first.body)))
        }
    }

    @Test func identicalFramesMergeIntoALongerOne() async throws {
        defer { upstream.stop() }
        try await InProcessServer.with(config: config(times: ["a", "a", "b"], extra: ["loops: 3"])) { server throws in
            let (info, _) = try decoded(try await server.request("/tiles/radar/2/1/1.png").body)
            #expect(info["frames"] as? Int == 2)
            #expect((info["durations"] as? [Double])?.map { Int($0) } == [800, 400])
            #expect(info["loop"] as? Int == 3)
        }
    }

    @Test func aFrameOfATileNoFrameHasIsA404LikeTheAnimation() async throws {
        defer { upstream.stop() }
        try await InProcessServer.with(config: config(times: ["gone", "void"])) { server throws in
            for path in ["/tiles/radar/2/1/1.png", "/tiles/radar/2/1/1.png?frame=1", "/tiles/radar/2/1/1.webp?frame=0"] {
                let answer = try await server.request(path)
                #expect(answer.status == 404 && answer.text.contains("no frame has the tile"), "\(path): \(answer.text)")
            }
        }
    }

    @Test func aMissingFrameFailsWhenAskedToAndBadRequestsAreRefused() async throws {
        defer { upstream.stop() }
        try await InProcessServer.with(config: config(times: ["a", "gone"], extra: ["missing: fail"])) { server throws in
            let missing = try await server.request("/tiles/radar/2/1/1.png")
            #expect(missing.status == 404 && missing.text.contains("frame 1 has no tile"), "\(missing.text)")
            #expect(try await server.request("/tiles/radar/2/1/1.png?frame=0").status == 200)
            #expect(try await server.request("/tiles/radar/2/1/1.png?frame=1").status == 404, "missing: fail answers the lacking frame 404")
            let jpeg = try await server.request("/tiles/radar/2/1/1.jpg")
            #expect(jpeg.status == 404 && jpeg.text.contains("APNG"))
            let frame = try await server.request("/tiles/radar/2/1/1.png?frame=7")
            #expect(frame.status == 400 && frame.text.contains("from 0 to 1"))
            #expect(try await server.request("/tiles/radar/2/1/1.png?frame=-1").status == 400)
        }
    }

    @Test func framesAreCheckedWhenTheConfigurationIsRead() throws {
        defer { upstream.stop() }
        let cases: [(String, String)] = [
            ("source: {url: \"\(upstream.baseURL)/{z}/{x}/{y}.png\"}\n    frames: {times: [a, b]}", "needs a {t}"),
            ("source: {url: \"\(upstream.baseURL)/{t}/{z}/{x}/{y}.png\"}\n    frames: {delay: 1s}", "either times"),
            ("source: {url: \"\(upstream.baseURL)/{t}/{z}/{x}/{y}.png\"}\n    frames: {times: [a], missing: sometimes}", "transparent or fail"),
            ("source: {maxzoom: 3}\n    frames: {urls: [\"ftp://x/{z}/{x}/{y}.png\"]}", "frames"),
        ]
        for (layer, message) in cases {
            let failed = try ServerProcess.failedStart(config: "layers:\n  radar:\n    \(layer)\n")
            #expect(failed.status == 64 && failed.stderr.contains(message), "\(layer): \(failed.stderr)")
        }
    }
}
