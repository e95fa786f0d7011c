/// An upstream URL as messages and logs show it: the values of query parameters that usually carry
/// credentials — names containing `key`, `token`, `secret`, `password`, `auth` or `signature`, and
/// `sig` — become `***`, and so does a password in the user info. An API key in a tile template
/// (`?key=…`, `?access_token=…`) then reaches neither a log nor the text of a 502.
public enum ShownURL {
    /// `url` with its credentials replaced by `***` (unchanged when it has none).
    public static func redacting(_ url: String) -> String {
        // Credentials sit in a query or before an `@`: a URL with neither is shown as it is.
        guard url.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "@") }) else { return url }
        var shown = url
        if let scheme = shown.range(of: "://") {
            let authorityEnd = shown[scheme.upperBound...].firstIndex { "/?#".contains($0) } ?? shown.endIndex
            let authority = shown[scheme.upperBound..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                shown.replaceSubrange(shown.index(after: colon)..<at, with: "***")
            }
        }
        guard let mark = shown.firstIndex(of: "?") else { return shown }
        let query = shown[shown.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "="), isCredential(item[..<equals]) else { return String(item) }
            return item[...equals] + "***"
        }
        return shown[...mark] + query.joined(separator: "&")
    }

    private static func isCredential(_ name: Substring) -> Bool {
        let name = name.lowercased()
        return name == "sig" || ["key", "token", "secret", "password", "auth", "signature"].contains { name.contains($0) }
    }
}
