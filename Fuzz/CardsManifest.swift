import Markers

/// Fuzz target `CardsManifest`: `CardManifest.parse`, the JSON Lines manifest of `cairn cards`.
/// Every line is either an entry or an error, each with its line number; an id, which becomes a
/// file name, is never empty and never holds a `/`.
///
/// Seeds: Samples/cards.jsonl Fuzz/Seeds/CardsManifest
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCardsManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let (entries, errors) = CardManifest.parse(input.text)
        let lineCount = input.lines.count
        for line in entries.map(\.line) + errors.map(\.line) {
            fuzzCheck((1...max(lineCount, 1)).contains(line), "line \(line) of \(lineCount)")
        }
        for entry in entries {
            fuzzCheck(!entry.id.isEmpty && !entry.id.contains("/"), "id '\(entry.id)' accepted")
        }
    }
}
