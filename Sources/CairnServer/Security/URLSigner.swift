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
        let (path, query) = Self.split(target)
        var rest = query ?? ""
        if let expires { rest += (rest.isEmpty ? "" : "&") + "exp=\(expires)" }
        let signature = signature(for: Self.message(path: Array(path.utf8), rest: Array(rest.utf8)), key: 0)
        return path + "?" + rest + (rest.isEmpty ? "" : "&") + "sig=" + String(decoding: signature, as: UTF8.self)
    }

    /// Checks the signature of a request for `path` with `query` (both raw, as received) at `now`
    /// (unix seconds): success with the URL's `exp=` (nil without one) when it is good, else why
    /// not. Any key may have signed it. Works on the bytes, as received: a few microseconds.
    public func check(path: some StringProtocol, query: some StringProtocol, now: Int) -> Result<Int?, Rejection> {
        var signatures: [ArraySlice<UInt8>] = []
        var rest: [UInt8] = []
        var expiry: ArraySlice<UInt8>?
        var first = true
        for item in Array(query.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            let end = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
            let value = item[Swift.min(end + 1, item.endIndex)...]
            if item[..<end].elementsEqual("sig".utf8) {
                signatures.append(value)
                continue
            }
            if expiry == nil, item[..<end].elementsEqual("exp".utf8) { expiry = value }
            if !first { rest.append(UInt8(ascii: "&")) }
            rest += item
            first = false
        }
        guard let signature = signatures.first else {
            return .failure(Rejection(reason: .missing, message: "missing sig= (this route is signed)"))
        }
        guard signatures.count == 1 else { return .failure(Rejection(reason: .malformed, message: "sig= is given more than once")) }
        let message = Self.message(path: Array(path.utf8), rest: rest)
        var matched = false
        for index in 0..<keys.count {
            // Every key is tried, whichever matched: the time taken does not say which.
            matched = ConstantTime.equal(signature, self.signature(for: message, key: index)) || matched
        }
        guard matched else { return .failure(Rejection(reason: .mismatch, message: "signature does not match")) }
        guard let expiry else { return .success(nil) }
        guard (1...12).contains(expiry.count), expiry.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return .failure(Rejection(reason: .malformed, message: "exp= must be a whole number of unix seconds"))
        }
        let seconds = expiry.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard now <= seconds else {
            let date = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            return .failure(Rejection(reason: .expired, message: "the signature expired at \(date) (exp=\(seconds))"))
        }
        return .success(seconds)
    }

    /// The signature of `message` under the key at `index`: the first 24 bytes of the MAC as 32
    /// base64url characters (3 bytes to 4 characters, so no padding).
    func signature(for message: [UInt8], key index: Int) -> [UInt8] {
        keys.code(for: message, key: index).withUnsafeBytes { mac in
            var characters: [UInt8] = []
            characters.reserveCapacity(Self.signatureLength)
            for group in stride(from: 0, to: 24, by: 3) {
                let bits = UInt32(mac[group]) << 16 | UInt32(mac[group + 1]) << 8 | UInt32(mac[group + 2])
                for shift in [18, 12, 6, 0] { characters.append(Self.alphabet[Int(bits >> UInt32(shift) & 63)]) }
            }
            return characters
        }
    }

    /// base64url's 64 characters (RFC 4648 §5).
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// What is signed: the path, and `?rest` when the rest of the query is not empty.
    static func message(path: [UInt8], rest: [UInt8]) -> [UInt8] {
        rest.isEmpty ? path : path + [UInt8(ascii: "?")] + rest
    }

    /// The path and the query (nil without a `?`) of a target.
    static func split(_ target: String) -> (path: String, query: String?) {
        guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }
}
