import Clusters
import Foundation

/// Fuzz target `JSONParse`: Clusters' strict JSON parser (`JSONValue(parsing:)`, RFC 8259, exact
/// numbers). A value that parses writes out (`jsonText`) as text that parses to the same value, and
/// a lone number is the `Double` Swift's own parser reads from the same text.
///
/// Seeds: Fuzz/Seeds/JSONParse Fuzz/Seeds/PointsGeoJSON
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let value = try JSONValue(parsing: input.bytes)
        let text = value.jsonText
        fuzzCheck((try? JSONValue(parsing: text)) == value, "'\(input.text)' wrote '\(text)', which reads differently")
        if case .number(let number) = value, let swift = Double(input.text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            fuzzCheck(number == swift, "'\(input.text)' read as \(number), Swift reads \(swift)")
        }
    }
}
