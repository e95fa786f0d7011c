import Foundation

/// JSON on stdout, keys sorted, one document and a newline.
enum JSONOutput {
    static func print(_ value: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
