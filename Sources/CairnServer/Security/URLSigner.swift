import Foundation

/// Signs request targets and checks their signatures (`docs/signed-urls.md`).
///
/// The signed message is the path, plus `?` and the query without its `sig` parameter when
/// anything is left of it: the parameters as sent (percent-encoding and order untouched), joined
/// by `&`. The signature is the first 32 characters of the unpadded base64url HMAC-SHA256 of that
/// message. An `exp=` parameter (unix seconds) inside the signed query makes the URL expire.
///
/// ```swift
/// let signer = URLSigner(keys: keys)
/// signer.sign("/static/osm/2.35,48.85,12/600x400.png", expires: 1_800_000_000)
/// // "/static/osm/2.35,48.85,12/600x400.png?exp=1800000000&sig=…"
/// ```
public struct URLSigner: Sendable {
    public let keys: SigningKeys

    /// Characters of a signature.
    public static let signatureLength = 32

    public init(keys: SigningKeys) { self.keys = keys }

    /// Why a request's signature was refused: `reason` labels the metric, `message` is the 403's text.
    public struct Rejection: Error, Equatable, Sendable {
        public enum Reason: String, Sendable { case missing, malformed, mismatch, expired }
        public let reason: Reason
        public let message: String
    }

    /// `target` (`/path` or `/path?query`) with `exp=` (when `expires` is given) and `sig=`
    /// appended, signed with the first key. The target must not carry `sig=` already.
    public func sign(_ target: String, expires: Int? = nil) -> String {
        var (path, query) = Self.split(target)
        if let expires { query = (query.map { $0.isEmpty ? "" : $0 + "&" } ?? "") + "exp=\(expires)" }
        let signature = signature(for: Self.message(path: path, rest: query ?? ""), key: 0)
        return path + "?" + (query.map { $0.isEmpty ? "" : $0 + "&" } ?? "") + "sig=" + signature
    }

    /// Checks the signature of a request for `path` with `query` (both raw, as received) at `now`
    /// (unix seconds): success with the URL's `exp=` (nil without one) when it is good, else why
    /// not. Any key may have signed it.
    public func check(path: some StringProtocol, query: some StringProtocol, now: Int) -> Result<Int?, Rejection> {
        var signatures: [Substring] = []
        var rest: [Substring] = []
        var expiry: Substring?
        for item in Substring(query).split(separator: "&", omittingEmptySubsequences: false) {
            let name = item.prefix { $0 != "=" }
            if name == "sig" {
                signatures.append(item.dropFirst(name.count + 1))
                continue
            }
            if name == "exp", expiry == nil { expiry = item.dropFirst(name.count + 1) }
            rest.append(item)
        }
        guard let signature = signatures.first else {
            return .failure(Rejection(reason: .missing, message: "missing sig= (this route is signed)"))
        }
        guard signatures.count == 1 else { return .failure(Rejection(reason: .malformed, message: "sig= is given more than once")) }
        let message = Self.message(path: path, rest: rest.joined(separator: "&"))
        var matched = false
        for index in 0..<keys.count {
            // Every key is tried, whichever matched: the time taken does not say which.
            matched = ConstantTime.equal(Array(signature.utf8), Array(self.signature(for: message, key: index).utf8)) || matched
        }
        guard matched else { return .failure(Rejection(reason: .mismatch, message: "signature does not match")) }
        guard let expiry else { return .success(nil) }
        guard !expiry.isEmpty, expiry.count <= 12, expiry.allSatisfy(\.isASCIIDigit), let seconds = Int(expiry) else {
            return .failure(Rejection(reason: .malformed, message: "exp= must be a whole number of unix seconds"))
        }
        guard now <= seconds else {
            let date = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            return .failure(Rejection(reason: .expired, message: "the signature expired at \(date) (exp=\(seconds))"))
        }
        return .success(seconds)
    }

    /// The signature of `message` under the key at `index`: 24 bytes of the MAC, 32 base64url characters.
    func signature(for message: String, key index: Int) -> String {
        let code = keys.code(for: message.utf8, key: index)
        return Data(Array(code).prefix(24)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    /// What is signed: the path, and `?rest` when the rest of the query is not empty.
    static func message(path: some StringProtocol, rest: some StringProtocol) -> String {
        rest.isEmpty ? String(path) : "\(path)?\(rest)"
    }

    /// The path and the query (nil without a `?`) of a target.
    static func split(_ target: String) -> (path: String, query: String?) {
        guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
