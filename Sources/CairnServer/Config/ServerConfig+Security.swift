extension ServerConfig {
    /// `security:`: what protects the server's routes.
    public struct Security: Sendable {
        /// Signed URLs (`security.signing`); nil when no route is signed.
        public var signing: Signing?
    }

    /// `security.signing: {keys_file: FILE, routes: [static, cards]}`: the routes whose requests need
    /// a good `sig=` (docs/signed-urls.md), and the keys that sign them.
    public struct Signing: Sendable {
        /// The keys file, resolved from the configuration's directory.
        public var keysFile: String
        public var keys: SigningKeys
        public var routes: Set<SignedRoute>
    }

    /// `security: {signing: …}`; a keys file others may read is a warning.
    static let securitySection = ConfigSection<ServerConfig>([
        "signing": { config, value, context in
            let signing = try config.signing(value, context)
            config.security.signing = signing
        },
    ])

    /// `security.signing` while it is read: the keys file is read once the routes are known to be good.
    private struct SigningDraft {
        var keysFile: ConfigNode?
        var routes: Set<SignedRoute>?
    }

    private static let knownRoutes = SignedRoute.allCases.map(\.rawValue).sorted().joined(separator: ", ")

    private static let signingSection = ConfigSection<SigningDraft>([
        "keys_file": { draft, value, _ in draft.keysFile = value },
        "routes": { draft, value, _ in
            let routes = try Set(value.list().map { item throws -> SignedRoute in
                let name = try item.string()
                guard let route = SignedRoute(rawValue: name) else { throw ConfigError(item.path, "no route group '\(name)' (known: \(knownRoutes))") }
                return route
            })
            if routes.isEmpty { throw ConfigError(value.path, "list the routes to sign (\(knownRoutes))") }
            draft.routes = routes
        },
    ])

    private mutating func signing(_ node: ConfigNode, _ context: ConfigContext) throws -> Signing {
        var draft = SigningDraft()
        try Self.signingSection.read(node, into: &draft, context)
        guard let keysNode = draft.keysFile else { throw ConfigError(node.path + ".keys_file", "signing needs the file of its keys") }
        guard let routes = draft.routes else { throw ConfigError(node.path + ".routes", "list the routes to sign (\(Self.knownRoutes))") }
        let file = Self.resolve(try keysNode.string(), in: context.directory)
        do {
            let (keys, warning) = try SigningKeys.read(path: file)
            if let warning { warnings.append(warning) }
            return Signing(keysFile: file, keys: keys, routes: routes)
        } catch {
            throw ConfigError(keysNode.path, error.description)
        }
    }
}
