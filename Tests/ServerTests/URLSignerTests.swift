import Foundation
import Testing
@testable import CairnServer

/// ``URLSigner`` without a server: what exactly is signed (sig= anywhere in the query, empty items,
/// names that only start with `sig`), `exp=` at its boundary and malformed, against Python's `hmac`.
@Suite struct URLSignerTests {
    let signer = URLSigner(keys: SigningKeys(lines: SignedURLTests.firstKey)!)

    /// The check of a whole target (`/path?query`) at `now`.
    func check(_ target: String, now: Int = 1_000) -> Result<Int?, URLSigner.Rejection> {
        let (path, query) = URLSigner.split(target)
        return signer.check(path: path, query: query ?? "", now: now)
    }

    @Test func signaturesMatchPythonsAndSigMayStandAnywhere() throws {
        for target in ["/badges/42.png", "/cards/7.png?title=Caf%C3%A9&subtitle=a%26b+c", "/static/a/0,0,1/9x9.png?clusters=x&filter=a%20%3D%201"] {
            let python = try SignedURLTests.pythonSigned(target, key: SignedURLTests.firstKey)
            #expect(signer.sign(target) == python)
            #expect(check(python) == .success(nil), "\(python)")
            // Moved to the front or the middle, sig= still verifies: it is taken out wherever it is.
            let signature = String(python.split(separator: "sig=").last!)
            let (path, query) = URLSigner.split(target)
            var items = (query ?? "").split(separator: "&").map(String.init)
            items.insert("sig=\(signature)", at: items.count / 2)
            #expect(check(path + "?" + items.joined(separator: "&")) == .success(nil))
        }
        // An empty query is no query; `sigma=` is not `sig=`.
        let bare = signer.sign("/badges/1.png")
        #expect(check(bare.replacingOccurrences(of: "?sig=", with: "?&sig=")) == .success(nil))
        #expect(check(bare + "&sigma=1") == .failure(.init(reason: .mismatch, message: "signature does not match")))
        #expect(check("/badges/1.png?sigma=1").failureReason == .missing)
    }

    @Test func expiryIsInclusiveAndMustBeUnixSeconds() {
        let signed = signer.sign("/badges/1.png?style=ios", expires: 2_000)
        #expect(signed.hasPrefix("/badges/1.png?style=ios&exp=2000&sig="))
        #expect(check(signed, now: 2_000) == .success(2_000))
        let expired = check(signed, now: 2_001)
        #expect(expired == .failure(.init(reason: .expired, message: "the signature expired at 1970-01-01T00:33:20Z (exp=2000)")))
        for exp in ["", "-5", "+5", "1e9", "12345678901234", "２"] {
            let target = signer.sign("/badges/1.png?exp=\(exp)")
            #expect(check(target).failureReason == .malformed, "exp=\(exp)")
        }
        #expect(check(signer.sign("/badges/1.png?exp=5&exp=x")) == .failure(.init(reason: .expired, message:
            "the signature expired at 1970-01-01T00:00:05Z (exp=5)")), "the first exp= counts")
    }
}

extension Result where Failure == URLSigner.Rejection {
    var failureReason: URLSigner.Rejection.Reason? {
        if case .failure(let rejection) = self { return rejection.reason }
        return nil
    }
}
