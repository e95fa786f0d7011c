import Foundation
import Yams

/// A YAML node with its path in the configuration, read through typed accessors that report
/// problems as ``ConfigError``s naming that path. A section's mapping is read by its
/// ``ConfigSection``, which refuses a key it has no reader for (a typo must not be silently ignored).
struct ConfigNode {
    let node: Node
    let path: String

    init(_ node: Node, path: String) {
        self.node = node
        self.path = path
    }

    /// True for `~`, `null` and an empty value.
    var isNull: Bool {
        guard let scalar = node.scalar else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func fail(_ problem: String) -> ConfigError { ConfigError(path, problem) }

    func string() throws(ConfigError) -> String {
        guard let scalar = node.scalar else { throw fail("expected a text value") }
        return scalar.string
    }

    func int() throws(ConfigError) -> Int {
        guard let scalar = node.scalar, let value = Int(scalar.string) else { throw fail("expected an integer") }
        return value
    }

    func int(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let value = try int()
        guard range.contains(value) else { throw fail("\(value) is not in \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    func double() throws(ConfigError) -> Double {
        guard let scalar = node.scalar, let value = Double(scalar.string), value.isFinite else { throw fail("expected a number") }
        return value
    }

    func bool() throws(ConfigError) -> Bool {
        switch node.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail("expected true or false")
        }
    }

    func list() throws(ConfigError) -> [ConfigNode] {
        guard let items = node.sequence else { throw fail("expected a list") }
        return items.enumerated().map { ConfigNode($0.element, path: "\(path)[\($0.offset)]") }
    }

    func strings() throws(ConfigError) -> [String] { try list().map { item throws(ConfigError) in try item.string() } }

    /// The entries of a mapping in file order, for sections whose keys are names (layers, styles).
    func entries() throws(ConfigError) -> [(key: String, value: ConfigNode)] {
        if isNull { return [] }
        guard let mapping = node.mapping else { throw fail("expected a mapping") }
        var result: [(key: String, value: ConfigNode)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw fail("keys must be text") }
            result.append((name, ConfigNode(value, path: child(name))))
        }
        return result
    }
}
