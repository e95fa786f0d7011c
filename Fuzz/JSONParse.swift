import Clusters
import Foundation

/// Fuzz target `JSONParse`: Clusters' strict JSON parser (`JSONValue(parsing:)`, RFC 8259, exact
/// numbers). A value that parses writes out (`jsonText`) as text that parses to the same value (but
/// for numbers beyond the `Double` range, read as infinities and written as `null`, as JavaScript's
/// `JSON.parse` and `JSON.stringify` do), and a lone number is the `Double` Swift's own parser reads.
///
/// Seeds: Fuzz/Seeds/JSONParse Fuzz/Seeds/PointsGeoJSON
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let value = try JSONValue(parsing: input.bytes)
        let text = value.jsonText
        fuzzCheck((try? JSONValue(parsing: text)) == stringified(value), "'\(input.text)' wrote '\(text)', which reads differently")
        if case .number(let number) = value, let swift = Double(input.text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            fuzzCheck(number == swift, "'\(input.text)' read as \(number), Swift reads \(swift)")
        }
    }
}

/// `value` as JavaScript's `JSON.stringify` leaves it: infinities become `null`.
func stringified(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let number) where !number.isFinite: .null
    case .array(let items): .array(items.map(stringified))
    case .object(let object): .object(JSONObject(object.members.map { ($0.key, stringified($0.value)) }))
    default: value
    }
}
