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

    mutating func readSecurity(_ node: ConfigNode, directory: String) throws {
        try node.fields(["signing"]) { _, value in security.signing = try readSigning(value, directory: directory) }
    }

    private mutating func readSigning(_ node: ConfigNode, directory: String) throws -> Signing {
        var keysNode: ConfigNode?
        var routes: Set<SignedRoute>?
        let known = SignedRoute.allCases.map(\.rawValue).sorted().joined(separator: ", ")
        try node.fields(["keys_file", "routes"]) { key, value in
            if key == "keys_file" { keysNode = value; return }
            routes = try Set(value.list().map { item throws -> SignedRoute in
                let name = try item.string()
                guard let route = SignedRoute(rawValue: name) else { throw ConfigError(item.path, "no route group '\(name)' (known: \(known))") }
                return route
            })
            if routes?.isEmpty == true { throw ConfigError(value.path, "list the routes to sign (\(known))") }
        }
        guard let keysNode else { throw ConfigError(node.path + ".keys_file", "signing needs the file of its keys") }
        guard let routes else { throw ConfigError(node.path + ".routes", "list the routes to sign (\(known))") }
        let file = Self.resolve(try keysNode.string(), in: directory)
        do {
            let (keys, warning) = try SigningKeys.read(path: file)
            if let warning { warnings.append(warning) }
            return Signing(keysFile: file, keys: keys, routes: routes)
        } catch {
            throw ConfigError(keysNode.path, error.description)
        }
    }
}
