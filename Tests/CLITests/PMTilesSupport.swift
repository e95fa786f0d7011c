import Foundation
import Testing

/// The reference implementation's Python reader (`pmtiles` from PyPI, in the test venv) on an
/// archive, compared with a `z/x/y` directory of the same tiles (Tests/Support/pmtiles_check.py).
struct ReferenceReading {
    let header: [String: Any]
    let metadata: [String: Any]
    let tiles: Int
    let expected: Int
    let differ: [String]
    let missing: [String]
    let extra: [String]

    /// True when the archive holds exactly the directory's tiles, byte for byte.
    var matches: Bool { differ.isEmpty && missing.isEmpty && extra.isEmpty && tiles == expected }

    init(archive: String, directory: String? = nil) throws {
        let python = URL(fileURLWithPath: Cairn.repositoryRoot + "/.venv/bin/python")
        let run = try Cairn.run([Cairn.repositoryRoot + "/Tests/Support/pmtiles_check.py", archive] + (directory.map { [$0] } ?? []), program: python)
        try #require(run.status == 0, "pmtiles_check.py: \(run.stderr) (scripts/test-venv.sh makes the venv)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        header = object["header"] as? [String: Any] ?? [:]
        metadata = object["metadata"] as? [String: Any] ?? [:]
        tiles = object["tiles"] as? Int ?? -1
        expected = object["expected"] as? Int ?? -1
        differ = object["differ"] as? [String] ?? []
        missing = object["missing"] as? [String] ?? []
        extra = object["extra"] as? [String] ?? []
    }
}
