import Foundation

extension ServerConfig {
    /// `admin:`: the operations API under `/admin/`, off unless a token is given
    /// (`token_file:`, or the environment variable `CAIRN_ADMIN_TOKEN`, which wins).
    public struct Admin: Sendable {
        /// The bearer token every `/admin/` request must carry; nil turns the API off.
        public var token: AdminToken?
        /// Serve `/admin/` on this address only (not on the public one); nil: beside the other routes.
        public var listen: (host: String, port: Int)?
    }
}

/// The admin API's bearer token: compared in constant time, and printed as `<redacted>` wherever
/// it is described, so that it cannot reach a log line or an error by accident.
public struct AdminToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let bytes: [UInt8]

    public init(_ token: String) { bytes = Array(token.utf8) }

    /// Whether `offered` is the token (constant time in its bytes).
    func matches(_ offered: some StringProtocol) -> Bool { ConstantTime.equal(Array(offered.utf8), bytes) }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
}

extension ServerConfig {
    /// `admin: {token_file: FILE, listen: HOST:PORT}`; a token file others may read is a warning.
    static let adminSection = ConfigSection<ServerConfig>([
        "token_file": { config, value, context in
            let path = resolve(try value.string(), in: context.directory)
            let (secret, warning): (String, String?)
            do { (secret, warning) = try SecretFile.read(path: path) } catch { throw ConfigError(value.path, "\(error)") }
            config.admin.token = AdminToken(secret)
            if let warning { config.warnings.append("admin.token_file: \(warning)") }
        },
        "listen": { config, value, _ in config.admin.listen = try address(try value.string(), path: value.path) },
    ])

    /// `HOST:PORT` (`[::1]:9091` for IPv6).
    static func address(_ text: String, path: String) throws(ConfigError) -> (host: String, port: Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw ConfigError(path, "expected HOST:PORT, like 127.0.0.1:9091 (got '\(text.prefix(80))')")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ConfigError(path, "expected HOST:PORT, like 127.0.0.1:9091 (got '\(text.prefix(80))')") }
        return (host, port)
    }
}
