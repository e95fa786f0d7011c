import Foundation
import Testing
import TestTier

/// A tile as the Python package mapbox-vector-tile decodes it (`Tests/Support/mvt_decode.py`).
struct DecodedTile: Decodable {
    struct Layer: Decodable {
        var name: String
        var version: Int
        var extent: Int
        var keys: [String]
        var values: [ValueEntry]
        var features: [Feature]
    }

    /// One entry of a layer's value table: the fields set in its `Tile.Value` message.
    struct ValueEntry: Decodable {
        var fields: [String]
    }

    struct Feature: Decodable {
        /// The id as decimal text; nil when the feature has no `id` field.
        var id: String?
        /// The numeric geometry type (1 = POINT).
        var type: Int
        /// `Point` or `MultiPoint`.
        var geometryType: String
        /// The packed geometry integers.
        var geometry: [UInt32]
        var coordinates: [[Int64]]
        var properties: [DecodedProperty]

        var points: [Point] { coordinates.map { Point(x: $0[0], y: $0[1]) } }
    }

    struct Point: Equatable, CustomStringConvertible {
        var x: Int64, y: Int64
        var description: String { "(\(x), \(y))" }
    }

    var layers: [Layer]
}

/// A property as the Python decoder gives it: its key and a value of a Python type.
struct DecodedProperty: Decodable, Equatable, CustomStringConvertible {
    enum Value: Equatable {
        case string(String)
        /// An integer, as decimal text (64-bit integers do not all fit a JSON number).
        case int(String)
        case float(Double)
        case bool(Bool)
    }

    var key: String
    var value: Value

    init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }

    /// Reads `[key, type, value]`.
    init(from decoder: any Decoder) throws {
        var items = try decoder.unkeyedContainer()
        key = try items.decode(String.self)
        switch try items.decode(String.self) {
        case "str": value = .string(try items.decode(String.self))
        case "int": value = .int(try items.decode(String.self))
        case "float": value = .float(try items.decode(Double.self))
        case "bool": value = .bool(try items.decode(Bool.self))
        case let other:
            throw DecodingError.dataCorruptedError(in: items, debugDescription: "unexpected Python type \(other)")
        }
    }

    var description: String { "\(key)=\(value)" }
}

/// A reason the reference decoder could not decode a tile.
struct ReferenceDecoderError: Error, CustomStringConvertible {
    var description: String
}

/// Runs `Tests/Support/mvt_decode.py` in the repository's test venv on encoded tiles.
enum ReferenceDecoder {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = repositoryRoot.appendingPathComponent(".venv/bin/python")
    static let script = repositoryRoot.appendingPathComponent("Tests/Support/mvt_decode.py")

    /// Decodes `tile` with mapbox-vector-tile; throws (failing the test) when the venv is missing
    /// or the decoder rejects the tile.
    static func decode(_ tile: [UInt8], python: URL = python) throws -> DecodedTile {
        try TestTier.requireProcesses("mvt_decode.py")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ReferenceDecoderError(description: """
                \(python.path) is missing: run `make test` (or `scripts/test-venv.sh`) to make the \
                test venv with mapbox-vector-tile, which these tests decode tiles with
                """)
        }
        let directory = FileManager.default.temporaryDirectory
        let base = directory.appendingPathComponent("cairn-mvt-\(UUID().uuidString)")
        let tileFile = base.appendingPathExtension("mvt")
        let outputFile = base.appendingPathExtension("json")
        let errorFile = base.appendingPathExtension("err")
        defer { for file in [tileFile, outputFile, errorFile] { try? FileManager.default.removeItem(at: file) } }
        try Data(tile).write(to: tileFile)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, tileFile.path]
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw ReferenceDecoderError(description: "mvt_decode.py exited with \(process.terminationStatus): \(stderr)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(DecodedTile.self, from: Data(contentsOf: outputFile))
    }
}

@Suite(.process) struct VectorTileReferenceDecoderTests {
    @Test func aMissingVenvFailsWithHowToMakeIt() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/.venv/bin/python")
        let error = #expect(throws: ReferenceDecoderError.self) {
            try ReferenceDecoder.decode([], python: missing)
        }
        #expect(error?.description.contains("make test") == true)
        #expect(error?.description.contains("scripts/test-venv.sh") == true)
    }

    @Test func theDecoderRejectsABrokenTile() throws {
        // A layer field whose length runs past the end of the data.
        let error = #expect(throws: ReferenceDecoderError.self) {
            try ReferenceDecoder.decode([0x1A, 0x7F, 0x78, 0x02])
        }
        #expect(error?.description.contains("exited with") == true)
    }
}
