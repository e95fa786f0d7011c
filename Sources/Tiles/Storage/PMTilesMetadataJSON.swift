import Foundation

/// The archive's JSON metadata and the MBTiles `metadata` rows, each made from the other, so a
/// conversion in either direction keeps what map viewers read. In the JSON, `bounds` and `center`
/// are number arrays and the zooms numbers, as in TileJSON; the MBTiles `json` row (where vector
/// tiles keep `vector_layers`) is merged into the object, and whatever else is an array or an
/// object goes back into that row.
public enum PMTilesMetadataJSON {
    /// The JSON object for MBTiles-style rows (later rows win), keys sorted.
    public static func encode(rows: [(String, String)]) -> [UInt8] {
        var object: [String: Any] = [:]
        for (name, value) in rows {
            switch name {
            case "bounds", "center":
                let numbers = value.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                if name == "bounds", numbers.count == 4 {
                    object[name] = numbers
                } else if name == "center", numbers.count == 3, numbers[2].isFinite, abs(numbers[2]) < 64 {
                    object[name] = [numbers[0], numbers[1], Int(numbers[2])] as [Any]
                } else {
                    object[name] = value
                }
            case "minzoom", "maxzoom":
                object[name] = Int(value) ?? value as Any
            case "json":
                if let data = value.data(using: .utf8),
                   let parsed = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                    for (key, member) in parsed { object[key] = member }
                } else {
                    object[name] = value
                }
            default:
                object[name] = value
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data)
    }

    /// MBTiles-style rows from the JSON object: strings as they are, numbers written out,
    /// `bounds` and `center` joined with commas, other arrays and objects into one `json` row.
    public static func decode(_ bytes: [UInt8]) throws(PMTilesError) -> [String: String] {
        guard !bytes.isEmpty else { return [:] }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw PMTilesError("metadata is not valid JSON")
        }
        guard let object = parsed as? [String: Any] else { throw PMTilesError("metadata is not a JSON object") }
        var rows: [String: String] = [:]
        var rest: [String: Any] = [:]
        for (key, value) in object {
            if let text = value as? String {
                rows[key] = text
            } else if let number = value as? NSNumber {
                rows[key] = text(number)
            } else if (key == "bounds" || key == "center"), let numbers = value as? [NSNumber] {
                rows[key] = numbers.map(text).joined(separator: ",")
            } else if JSONSerialization.isValidJSONObject([value]) {
                rest[key] = value
            }
        }
        if !rest.isEmpty, let data = try? JSONSerialization.data(withJSONObject: rest, options: [.sortedKeys, .withoutEscapingSlashes]) {
            rows["json"] = String(decoding: data, as: UTF8.self)
        }
        return rows
    }

    private static func text(_ number: NSNumber) -> String {
        let value = number.doubleValue
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
