import Foundation
import Logging
import Synchronization

/// swift-log output on stderr, one line per event: `2026-11-22T08:00:00.123Z info request method=GET …`
/// as text, or a JSON object per line (`--log-format json`) for log shippers. Lines below `notice`
/// (the request log) are written in batches (``LogOutput``).
public struct LineLogHandler: LogHandler {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let format: Format

    public init(label: String, level: Logger.Level, format: Format) {
        self.label = label
        logLevel = level
        self.format = format
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let level = event.level, message = event.message
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }
        let time = LogTime.now()
        let text: String
        switch format {
        case .text:
            let pairs = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted("\($0.value)"))" }
            text = ([time + "Z", level.rawValue, message.description] + pairs).joined(separator: " ")
        case .json:
            var object: [String: String] = fields.mapValues { "\($0)" }
            object["time"] = time + "Z"
            object["level"] = level.rawValue
            object["message"] = message.description
            object["logger"] = label
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            text = String(decoding: data, as: UTF8.self)
        }
        LogOutput.write(text, urgent: level >= .notice)
    }

    /// Values with spaces or quotes are quoted, so each line splits cleanly into key=value pairs.
    private static func quoted(_ value: String) -> String {
        value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) ? "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : value
    }
}
