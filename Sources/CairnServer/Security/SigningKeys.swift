import Crypto

/// The keys that sign and verify URLs (`security.signing.keys_file`): one key a line, its UTF-8
/// bytes without trailing whitespace; blank lines are skipped. Every key verifies, the first one
/// signs, so a key is rotated by putting the new one first and removing the old one once the URLs
/// signed with it have gone.
///
/// The keys are made HMAC-SHA256 authenticators once, here, so checking a request costs two
/// SHA-256 compressions and a copy. They never appear in descriptions, logs or errors.
public struct SigningKeys: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// One authenticator a key, keyed and ready to take a message; copied for every use.
    let authenticators: [HMAC<SHA256>]

    /// The keys in `text`, one a line (see the type's description); nil when it has none.
    public init?(lines text: String) {
        let keys = text.split(whereSeparator: \.isNewline).map { line in
            String(line.reversed().drop { $0.isWhitespace }.reversed())
        }.filter { !$0.isEmpty }
        guard !keys.isEmpty else { return nil }
        authenticators = keys.map { HMAC<SHA256>(key: SymmetricKey(data: Array($0.utf8))) }
    }

    /// The keys of a keys file, read with ``SecretFile`` (and its warning about lax permissions).
    public static func read(path: String) throws(SecretFile.Problem) -> (keys: SigningKeys, warning: String?) {
        let (text, warning) = try SecretFile.read(path: path)
        guard let keys = SigningKeys(lines: text) else { throw SecretFile.Problem(description: "\(path): the file has no keys") }
        return (keys, warning)
    }

    /// How many keys there are.
    public var count: Int { authenticators.count }

    /// The MAC of `message` under the key at `index` (0: the signing key).
    func code(for message: [UInt8], key index: Int) -> HMAC<SHA256>.MAC {
        var authenticator = authenticators[index]
        authenticator.update(data: message)
        return authenticator.finalize()
    }

    public var description: String { count == 1 ? "1 signing key" : "\(count) signing keys" }
    public var debugDescription: String { description }
}
