import Foundation
import Logging

/// A log field's value: text, or a number or a boolean, which a JSON line writes as a JSON number or
/// boolean (so that Loki, Elasticsearch and `jq` can compare it) and a text line as it reads.
enum LogValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)

    /// A metadata value: a `.stringConvertible` integer, floating-point number or boolean keeps its
    /// type, a `Duration` is its seconds; anything else (`.string`, lists, dictionaries) is text.
    init(_ value: Logger.MetadataValue) {
        guard case .stringConvertible(let convertible) = value else {
            self = .text("\(value)")
            return
        }
        switch convertible {
        case let boolean as Bool: self = .boolean(boolean)
        case let integer as any BinaryInteger: self = Int(exactly: integer).map(LogValue.integer) ?? .number(Double(integer))
        case let number as any BinaryFloatingPoint: self = .number(Double(number))
        case let duration as Duration: self = .number(Self.seconds(duration))
        default: self = .text(convertible.description)
        }
    }

    /// The value as metadata for any log handler, its type kept (``init(_:)`` reads it back).
    var metadata: Logger.MetadataValue {
        switch self {
        case .text(let text): .string(text)
        case .integer(let integer): .stringConvertible(integer)
        case .number(let number): .stringConvertible(number)
        case .boolean(let boolean): .stringConvertible(boolean)
        }
    }

    /// The value as a text line writes it.
    var text: String {
        switch self {
        case .text(let text): text
        case .integer(let integer): String(integer)
        case .number(let number): Self.shortest(number)
        case .boolean(let boolean): boolean ? "true" : "false"
        }
    }

    /// The value as `JSONSerialization` writes it: a string, a number or a boolean (a number that is
    /// not finite, which JSON cannot hold, as text).
    var json: Any {
        switch self {
        case .text(let text): text
        case .integer(let integer): integer
        case .number(let number): number.isFinite ? Decimal(string: Self.shortest(number)) ?? number : Self.shortest(number) as Any
        case .boolean(let boolean): boolean
        }
    }

    /// `0.4`, not `0.40000000000000002`; `3`, not `3.0`.
    private static func shortest(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
