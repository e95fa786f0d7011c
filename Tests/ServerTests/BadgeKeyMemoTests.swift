import Markers
import Testing
@testable import CairnServer

/// The memo that lets a cached badge skip its layout: it remembers, and it stays bounded.
@Suite struct BadgeKeyMemoTests {
    @Test func aRequestIsWorkedOutOnceThenRemembered() throws {
        let memo = BadgeKeyMemo(capacity: 4)
        var made = 0
        let request = BadgeKeyMemo.Request(style: "google", count: 42, scale: 2, label: nil)
        for _ in 0..<3 {
            #expect(memo.key(for: request) { made += 1; return "key-42" } == "key-42")
        }
        #expect(made == 1)
        // Any parameter that differs is another request.
        let others = [BadgeKeyMemo.Request(style: "ios", count: 42, scale: 2, label: nil),
                      BadgeKeyMemo.Request(style: "google", count: 43, scale: 2, label: nil),
                      BadgeKeyMemo.Request(style: "google", count: 42, scale: 1, label: nil),
                      BadgeKeyMemo.Request(style: "google", count: 42, scale: 2, label: .bucket),
                      BadgeKeyMemo.Request(style: "google", count: 42, scale: 2, label: nil, parts: try BadgeParts(parsing: "a:1,b:2", separator: ":")),
                      BadgeKeyMemo.Request(style: "google", count: 42, scale: 2, label: nil, parts: try BadgeParts(parsing: "a:1,b:2", separator: ":"), look: .pie),
                      BadgeKeyMemo.Request(style: "google", count: 42, scale: 2, label: nil, parts: try BadgeParts(parsing: "a:1,b:2:ff0000", separator: ":"))]
        for (index, other) in others.enumerated() {
            #expect(memo.key(for: other) { made += 1; return "other-\(index)" } == "other-\(index)")
        }
        #expect(made == 8)
    }

    @Test func itNeverHoldsMoreThanItsCapacity() {
        let memo = BadgeKeyMemo(capacity: 100)
        for count in 1...10_000 {
            _ = memo.key(for: .init(style: "google", count: count, scale: 1, label: nil)) { "k\(count)" }
            #expect(memo.count <= 100)
            if memo.count > 100 { return }
        }
    }

    @Test func aFailureIsNotRemembered() throws {
        let memo = BadgeKeyMemo()
        let request = BadgeKeyMemo.Request(style: "google", count: 7, scale: 1, label: .exact)
        struct Failure: Error {}
        #expect(throws: Failure.self) { try memo.key(for: request) { throw Failure() } }
        #expect(memo.count == 0)
        #expect(memo.key(for: request) { "k7" } == "k7")
    }
}
