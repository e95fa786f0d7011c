/// A connection URL cut into its still percent-encoded parts:
/// `scheme://[user[:password]@]host[:port][/path][?key=value&…]`.
struct RawURL {
    var scheme: String
    var userInfo: (user: Substring?, password: Substring?)?
    var hostAndPort: Substring?
    var path: Substring
    var query: Substring?
    /// The URL with the password (in the user info or a `password=` parameter) replaced by `***`.
    var redacted: String

    init(_ url: String) {
        let text = Substring(url)
        var rest: Substring
        if let separator = text.range(of: "://") {
            scheme = text[..<separator.lowerBound].lowercased()
            rest = text[separator.upperBound...]
        } else {
            scheme = ""
            rest = text
        }
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        path = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""
        if let at = authority.lastIndex(of: "@") {
            let info = authority[..<at]
            if let colon = info.firstIndex(of: ":") {
                userInfo = (info[..<colon], info[info.index(after: colon)...])
            } else {
                userInfo = (info, nil)
            }
            authority = authority[authority.index(after: at)...]
        }
        hostAndPort = authority
        redacted = Self.redact(
            scheme: scheme, userInfo: userInfo, authority: authority, path: path, query: query,
            original: url)
    }

    /// The query's `key=value` pairs, values still percent-encoded.
    func parameters(fail: (String) -> PostgresPointError) throws(PostgresPointError) -> [(String, Substring)] {
        guard let query, !query.isEmpty else { return [] }
        var pairs: [(String, Substring)] = []
        for item in query.split(separator: "&") {
            guard let equals = item.firstIndex(of: "=") else {
                throw fail("parameter \"\(item)\" has no value (write key=value)")
            }
            pairs.append((String(item[..<equals]), item[item.index(after: equals)...]))
        }
        return pairs
    }

    private static func redact(
        scheme: String, userInfo: (user: Substring?, password: Substring?)?, authority: Substring,
        path: Substring, query: Substring?, original: String
    ) -> String {
        let hasPassword = userInfo?.password != nil
            || (query?.split(separator: "&").contains { $0.hasPrefix("password=") } ?? false)
        guard hasPassword else { return original }
        var text = scheme.isEmpty ? "" : "\(scheme)://"
        if let userInfo {
            text += userInfo.user.map(String.init) ?? ""
            if userInfo.password != nil { text += ":***" }
            text += "@"
        }
        text += authority
        if !path.isEmpty { text += "/\(path)" }
        if let query {
            text += "?" + query.split(separator: "&")
                .map { $0.hasPrefix("password=") ? "password=***" : String($0) }
                .joined(separator: "&")
        }
        return text
    }
}
