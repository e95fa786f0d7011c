import Clusters
import Foundation

/// A temporary directory for one test's input files, removed with it.
final class ReaderTestFiles {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "cairn-readers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Writes `bytes` to a file called `name` and returns its path.
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `text` (UTF-8) to a file called `name` and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes `text` to a file called `name` and reads its points back.
    func read(_ name: String, _ text: String, options: PointReadOptions = PointReadOptions()) throws -> PointReadResult {
        try PointReader.read(path: write(name, text), options: options)
    }

    /// The problem lines a read reports, with the directory taken out of the paths.
    func problems(_ result: PointReadResult) -> [String] {
        result.invalid.map { $0.description.replacingOccurrences(of: directory + "/", with: "") }
    }

    /// The message of the error reading `text` from a file called `name` throws, the directory taken out.
    func failure(_ name: String, _ text: String, options: PointReadOptions = PointReadOptions()) throws -> String? {
        let path = try write(name, text)
        do {
            _ = try PointReader.read(path: path, options: options)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: directory + "/", with: "")
        }
    }
}

/// One point as a test compares it: coordinates and the id and properties text.
struct ReadPointRow: Equatable, CustomStringConvertible {
    var longitude: Double
    var latitude: Double
    var id: String?
    var properties: String?

    init(_ longitude: Double, _ latitude: Double, id: String? = nil, properties: String? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.id = id
        self.properties = properties
    }

    var description: String {
        "(\(longitude), \(latitude), id: \(id ?? "absent"), properties: \(properties ?? "absent"))"
    }
}

extension PointSet {
    /// Every point, for comparing with expected rows.
    var rows: [ReadPointRow] {
        (0..<count).map { ReadPointRow(longitudes[$0], latitudes[$0], id: ids[$0], properties: properties[$0]) }
    }
}
