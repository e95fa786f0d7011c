import Markers

/// Fuzz target `BadgeStyleYAML`: `BadgeStyle.load(yaml:)`, a custom badge style file, and the
/// style laid out and drawn for a few counts.
///
/// Seeds: Samples/styles Fuzz/Seeds/BadgeStyleYAML
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBadgeStyleYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let style = try BadgeStyle.load(yaml: input.text, file: "fuzz.yml")
        for count in [1, 42, 1234, 999_999] {
            let badge = try style.layout(for: count).render(scale: 1)
            fuzzCheck(badge.width > 0 && badge.height > 0, "an empty badge for \(count)")
        }
    }
}
