/// What every fuzz target shares. A target is one file in `Fuzz/` that defines
/// `LLVMFuzzerTestOneInput` with ``fuzz(_:_:_:)``; `scripts/fuzz.sh` compiles it with this folder
/// and links it against the instrumented libraries.
///
/// A parser that throws on bad input has answered correctly; a crash, a sanitizer report, a hang or
/// a failed ``fuzzCheck(_:_:)`` (an answer that breaks what the parser promises) is a finding.

/// Runs one input: `body` gets the bytes libFuzzer made; what it throws is ignored.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int, _ body: (FuzzInput) throws -> Void) -> CInt {
    _ = try? body(FuzzInput(bytes: data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []))
    return 0
}

/// Stops the run with `message` when a parser broke a promise; libFuzzer keeps the input.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

/// One input, as bytes or as text.
struct FuzzInput {
    let bytes: [UInt8]

    /// The bytes as UTF-8 text (ill-formed sequences replaced, as a file read as UTF-8 would be).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The lines (split at each `\n` byte, empty ones kept), for targets that take several fields.
    var lines: [String] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The first byte (0 when empty), for choosing options, and the bytes after it.
    var choice: (byte: UInt8, rest: [UInt8]) { (bytes.first ?? 0, Array(bytes.dropFirst())) }
}
