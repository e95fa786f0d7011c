/// A custom style file that cannot be used; the description names the file, the key path and the problem.
public struct StyleFileError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let path: String
    public let problem: String

    public var description: String {
        path.isEmpty ? "\(file): \(problem)" : "\(file): \(path): \(problem)"
    }
}

/// A coding key for any string, used to list the keys a YAML mapping actually has.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { Int(stringValue) }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}

extension Decoder {
    /// Throws when the mapping being decoded has a key outside `known`, listing the valid ones.
    func rejectUnknownKeys(_ known: [String]) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "unknown key (valid: \(known.joined(separator: ", ")))"))
        }
    }
}
