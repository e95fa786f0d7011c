/// What every reader of a configuration section may need beside its own node: the file's directory
/// (relative paths are taken from it) and the limits read so far (a layer's upstream body cap).
struct ConfigContext: Sendable {
    var directory: String
    var limits = ServerConfig.Limits()
}

/// One mapping of the configuration: each key it allows with the reader that applies the key's
/// value to `Target`. The table is the list of valid keys, so a key is allowed exactly when it is read.
struct ConfigSection<Target>: Sendable {
    typealias Reader = @Sendable (inout Target, ConfigNode, ConfigContext) throws -> Void

    /// The keys in the order the "valid here" list names them.
    let keys: [String]
    private let readers: [String: Reader]
    private let nullable: Set<String>

    /// `readers` in the order the refusal of an unknown key lists them; a key in `nullable` gets its
    /// `null` value, any other key given `null` keeps its default.
    init(_ readers: KeyValuePairs<String, Reader>, nullable: Set<String> = []) {
        keys = readers.map(\.key)
        self.readers = Dictionary(uniqueKeysWithValues: readers.map { ($0.key, $0.value) })
        self.nullable = nullable
    }

    /// Applies each key of the mapping `node` to `target`, in file order; a key without a reader is
    /// refused, naming the valid ones.
    func read(_ node: ConfigNode, into target: inout Target, _ context: ConfigContext) throws {
        for (key, value) in try node.entries() {
            guard let reader = readers[key] else {
                throw ConfigError(value.path, "unknown key (valid here: \(keys.joined(separator: ", ")))")
            }
            if !value.isNull || nullable.contains(key) { try reader(&target, value, context) }
        }
    }
}
