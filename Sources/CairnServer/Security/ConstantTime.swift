/// Comparisons of secrets (admin tokens, URL signatures) whose time does not depend on where the
/// inputs first differ, so a client cannot find a secret byte by byte from response times.
enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes. Every byte of `a` is visited whatever `b` holds; only
    /// the lengths (which are not secret) can end it early.
    static func equal(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    /// ``equal(_:_:)`` over the UTF-8 bytes of two strings.
    static func equal(_ a: String, _ b: String) -> Bool { equal(Array(a.utf8), Array(b.utf8)) }
}
