/// Turns byte offsets into 1-based line numbers, counting line feeds only as far as asked: asked in
/// increasing order (as readers report bad records), all questions together cost one pass.
struct LineCounter {
    let text: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var line = 1

    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    /// The line `target` is on.
    mutating func line(at target: Int) -> Int {
        if target < offset {
            offset = 0
            line = 1
        }
        let end = min(target, text.count)
        var newLines = 0
        for index in offset..<end where text[index] == UInt8(ascii: "\n") { newLines += 1 }
        line += newLines
        offset = end
        return line
    }
}
