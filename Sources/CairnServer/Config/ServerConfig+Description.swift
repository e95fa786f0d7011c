extension ServerConfig: CustomStringConvertible, CustomDebugStringConvertible {
    /// A summary that names no source, header or password: a configuration printed by accident (a
    /// log line, an error) must not show the secrets in it.
    public var description: String {
        "ServerConfig(\(layers.count) layers, \(datasets.count) datasets, port \(server.port)"
            + (security.signing.map { ", signing \($0.routes.map(\.rawValue).sorted().joined(separator: ","))" } ?? "") + ")"
    }

    public var debugDescription: String { description }
}
