import Canvas
import Codecs
import Foundation
import Parallel
import Synchronization
import TestUpstream

/// The corpus tiles (Natural Earth, zooms 0–4) the test upstreams serve.
enum FixtureTiles {
    static let root = repositoryRoot + "/Tests/Fixtures/tiles/world"

    /// The bytes of tile `z/x/y` (a 256 px PNG).
    static func bytes(_ z: Int, _ x: Int, _ y: Int) -> [UInt8] {
        Array(FileManager.default.contents(atPath: "\(root)/\(z)/\(x)/\(y).png")!)
    }

    /// An upstream answer for `/{z}/{x}/{y}.png` from the corpus, 404 for anything else, sent after `delay` seconds.
    static func reply(for path: String, delay: Double = 0) -> TestUpstream.Reply {
        let parts = path.split(separator: "/")
        guard parts.count == 3, parts.allSatisfy({ !$0.contains("..") }),
              let data = FileManager.default.contents(atPath: root + "/" + parts.joined(separator: "/")) else {
            return TestUpstream.Reply(status: 404, delay: delay)
        }
        return TestUpstream.Reply(headers: [("Content-Type", "image/png")], body: Array(data), delay: delay)
    }

    /// The decoded tile `z/x/y`.
    static func image(_ z: Int, _ x: Int, _ y: Int) throws -> Surface { try ImageDecoder.decode(bytes(z, x, y)) }
}

/// Builds `cairn serve` configurations around one layer `world` over a test upstream or the
/// fixture tiles on disk.
enum TestConfig {
    /// A layer `world` whose source is `upstream`'s `/{z}/{x}/{y}.png` with retries off (a fault
    /// shows at once) unless `source` says otherwise, plus `source` and `layer` keys
    /// (`"timeout: 500ms"`), then the top-level `sections` (YAML text).
    static func world(_ upstream: TestUpstream, source: [String] = [], layer: [String] = [], sections: String = "") -> String {
        world(url: "\(upstream.baseURL)/{z}/{x}/{y}.png", source: source, layer: layer, sections: sections)
    }

    /// The same over the fixture tiles read from disk (`file://`): no socket, so the server can
    /// run in `make check`.
    static func world(source: [String] = [], layer: [String] = [], sections: String = "") -> String {
        world(url: "file://\(FixtureTiles.root)/{z}/{x}/{y}.png", source: source, layer: layer, sections: sections)
    }

    private static func world(url: String, source: [String], layer: [String], sections: String) -> String {
        let retries = source.contains { $0.hasPrefix("retries:") } ? [] : ["retries: 0"]
        let sourceLines = (["url: \"\(url)\""] + retries + source).map { "      " + $0 }
        return (["layers:", "  world:", "    source:"] + sourceLines + layer.map { "    " + $0 } + [sections]).joined(separator: "\n") + "\n"
    }
}

/// Runs `body(0)…body(count - 1)` on `count` threads at once (``ParallelRuns/map(_:threads:_:)``);
/// the results in index order.
func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) -> [Result<T, any Error>] {
    ParallelRuns.map(count, threads: count) { index in Result { try body(index) } }
}

/// Regular files under `root`, relative paths, sorted — but for the counter `.cairn-changes` that
/// the processes sharing a cache directory bump (it is no part of what the cache stores).
func files(under root: String) -> [String] {
    (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
        guard $0 != ".cairn-changes" else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
    }.sorted()
}

/// Total bytes of the regular files under `root`.
func totalSize(under root: String) -> Int {
    files(under: root).reduce(0) { total, name in
        total + ((try? FileManager.default.attributesOfItem(atPath: root + "/" + name)[.size] as? Int) ?? 0)
    }
}

/// Waits until `condition` holds, at most `timeout` seconds; whether it did.
func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// Starts `body` on its own thread; the returned function waits for its result.
func inBackground<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> () -> Result<T, any Error> {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        let value = Result { try body() }
        result.withLock { $0 = value }
        done.signal()
    }.start()
    return {
        done.wait()
        return result.withLock { $0! }
    }
}
