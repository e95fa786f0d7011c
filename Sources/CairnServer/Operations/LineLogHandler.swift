import Foundation
import Logging

/// swift-log output on stderr, one line per event: `2026-11-22T08:00:00.123Z info request method=GET …`
/// as text, or a JSON object per line (`--log-format json`) for log shippers, numbers and booleans
/// as JSON numbers and booleans (``LogValue``). Lines below `notice`
/// (the request log) are written in batches off the threads that log them (``LogOutput``).
public struct LineLogHandler: LogHandler {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// A line's fields: keys and values (text, numbers, booleans), in key order.
    typealias Fields = [(key: String, value: LogValue)]

    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let format: Format
    let output: LogOutput

    public init(label: String, level: Logger.Level, format: Format) {
        self.init(label: label, level: level, format: format, output: .standardError)
    }

    init(label: String, level: Logger.Level, format: Format, output: LogOutput) {
        self.label = label
        logLevel = level
        self.format = format
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let fields = (event.metadata ?? [:]).map { (key: $0.key, value: LogValue($0.value)) }.sorted { $0.key < $1.key }
        log(level: event.level, message: event.message.description, fields: fields)
    }

    /// Logs a line whose fields are already values in key order, without a `Logger.Metadata` on the way
    /// (the request log, ``RequestRecord``); this handler's own metadata joins them.
    func log(level: Logger.Level, message: String, fields: Fields) {
        let fields = metadata.isEmpty ? fields : Self.merged(metadata, fields)
        switch format {
        case .text:
            output.append(urgent: level >= .notice) { bytes in
                LogTime.append(to: &bytes)
                bytes.append(UInt8(ascii: "Z"))
                for word in [level.rawValue, message] {
                    bytes.append(UInt8(ascii: " "))
                    bytes.append(contentsOf: word.utf8)
                }
                for field in fields {
                    bytes.append(UInt8(ascii: " "))
                    bytes.append(contentsOf: field.key.utf8)
                    bytes.append(UInt8(ascii: "="))
                    Self.appendQuoted(field.value.text, to: &bytes)
                }
            }
        case .json:
            var object = [String: Any](fields.map { ($0.key, $0.value.json) }, uniquingKeysWith: { $1 })
            object["time"] = LogTime.now() + "Z"
            object["level"] = level.rawValue
            object["message"] = message
            object["logger"] = label
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            output.append(urgent: level >= .notice) { $0.append(contentsOf: data) }
        }
    }

    /// The handler's metadata and a line's fields (which win), in key order.
    private static func merged(_ metadata: Logger.Metadata, _ fields: Fields) -> Fields {
        var all = metadata.mapValues(LogValue.init)
        for field in fields { all[field.key] = field.value }
        return all.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
    }

    /// Values with spaces, quotes or `=` are quoted (their quotes escaped), so each line splits
    /// cleanly into key=value pairs.
    private static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        let utf8 = value.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") }) else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

