import YAMLLoading
import Yams

/// `${NAME}` in the configuration's values: replaced by the environment variable NAME before any
/// key is read, so every value — text, numbers, durations, chains — can come from the environment
/// (secrets stay out of the file). NAME is `[A-Za-z_][A-Za-z0-9_]*`; `$${…}` is a literal `${…}`;
/// any other `$` stays as it is. An unset variable is a ``ConfigError`` naming it and the key.
/// Keys are left alone, and substituted text is not substituted again. It walks the tree with its
/// aliases expanded, which ``YAMLDocument`` bounds: a file whose aliases repeat more than
/// ``YAMLDocument/maximumAliasExpansions`` values is refused before anything walks it.
enum EnvironmentSubstitution {
    /// `node` with every scalar value substituted; `path` names it in errors (`""` for the root).
    static func apply(to node: Node, path: String, environment: [String: String]) throws(ConfigError) -> Node {
        switch node {
        case .scalar(var scalar):
            guard scalar.string.contains("$") else { return node }
            scalar.string = try expand(scalar.string, path: path, environment: environment)
            return .scalar(scalar)
        case .mapping(var mapping):
            for index in mapping.indices {
                let (key, value) = mapping[index]
                let name = key.scalar?.string ?? "?"
                mapping[index] = (key, try apply(to: value, path: path.isEmpty ? name : "\(path).\(name)", environment: environment))
            }
            return .mapping(mapping)
        case .sequence(var sequence):
            for index in sequence.indices {
                sequence[index] = try apply(to: sequence[index], path: "\(path)[\(index)]", environment: environment)
            }
            return .sequence(sequence)
        case .alias:
            return node
        }
    }

    /// `text` with its `${NAME}`s replaced from `environment` and its `$${`s made `${`.
    static func expand(_ text: String, path: String, environment: [String: String]) throws(ConfigError) -> String {
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            rest = rest[dollar...]
            if rest.hasPrefix("$${") {
                result += "${"
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("${"), let close = rest.firstIndex(of: "}"),
                      case let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<close], isVariableName(name) {
                guard let value = environment[String(name)] else {
                    throw ConfigError(path, "the environment variable \(name) is not set (the value names ${\(name)})")
                }
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "$"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isVariableName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
