import Canvas
import Foundation
import YAMLLoading
import Yams

extension BadgeStyle {
    /// Loads a custom style from a YAML file. Every key is optional; what is missing comes from
    /// the `google` style (or the built-in style named by `base:`).
    ///
    /// ```yaml
    /// name: brand
    /// base: ios                      # google | ios | leaflet
    /// thresholds: [10, 100, 1000]
    /// label: abbrev                  # exact | bucket | abbrev
    /// diameter: [36, 40, 46, 52]     # points, one for all or one per bucket (below first, then each)
    /// fill: {from: "#3b82f6", to: "#b91c1c"}   # a colour, a list per bucket, or a ramp
    /// ring: {width: 4, color: "#ffffff80"}
    /// text: {color: white, size: 14, font: DejaVu Sans, weight: bold}
    /// shadow: {color: "#00000066", blur: 2, offset: [0, 1]}
    /// ```
    public static func load(path: String) throws -> BadgeStyle {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw StyleFileError(file: path, path: "", problem: "cannot read the file")
        }
        return try load(yaml: text, file: path)
    }

    /// Parses a custom style from YAML text; `file` names it in errors.
    public static func load(yaml: String, file: String = "style") throws -> BadgeStyle {
        let root: Node
        do {
            // The resolver `YAMLDecoder` parses text with.
            root = try YAMLDocument.root(of: yaml, resolver: Resolver.basic.appending(.merge)) ?? ""
        } catch {
            throw StyleFileError(file: file, path: "", problem: error.description)
        }
        let spec: StyleSpec
        do {
            spec = try YAMLDecoder().decode(StyleSpec.self, from: root)
        } catch let error as DecodingError {
            throw StyleFileError(decoding: error, file: file)
        } catch {
            throw StyleFileError(file: file, path: "", problem: "\(error)")
        }
        return try spec.style(file: file)
    }
}

extension StyleFileError {
    init(decoding error: DecodingError, file: String) {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .replacingOccurrences(of: ".[", with: "[").trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(file: file, path: path(context.codingPath), problem: "expected \(StyleFileError.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(file: file, path: path(context.codingPath), problem: "expected \(StyleFileError.describe(type))")
        case .keyNotFound(let key, let context):
            self.init(file: file, path: path(context.codingPath + [key]), problem: "missing")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? CanvasError)?.description ?? context.debugDescription
            self.init(file: file, path: path(context.codingPath), problem: underlying)
        @unknown default:
            self.init(file: file, path: "", problem: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        default: "a value of another shape"
        }
    }
}

/// The YAML shape of a custom style.
private struct StyleSpec: Decodable {
    var name: String?
    var base: String?
    var thresholds: [Int]?
    var label: LabelMode?
    var diameter: OneOrMany<Double>?
    var fill: ColorSpec?
    var ring: RingSpec?
    var text: TextSpec?
    var shadow: ShadowSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, base, thresholds, label, diameter, fill, ring, text, shadow
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        base = try c.decodeIfPresent(String.self, forKey: .base)
        thresholds = try c.decodeIfPresent([Int].self, forKey: .thresholds)
        label = try c.decodeIfPresent(LabelMode.self, forKey: .label)
        diameter = try c.decodeIfPresent(OneOrMany<Double>.self, forKey: .diameter)
        fill = try c.decodeIfPresent(ColorSpec.self, forKey: .fill)
        ring = try c.decodeIfPresent(RingSpec.self, forKey: .ring)
        text = try c.decodeIfPresent(TextSpec.self, forKey: .text)
        shadow = try c.decodeIfPresent(ShadowSpec.self, forKey: .shadow)
    }

    func style(file: String) throws -> BadgeStyle {
        var style = BadgeStyle.google
        if let base {
            guard let builtin = BadgeStyle.builtin[base] else {
                throw StyleFileError(file: file, path: "base", problem: "unknown style '\(base)' (valid: google, ios, leaflet)")
            }
            style = builtin
        }
        style.name = name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        if let thresholds {
            guard !thresholds.isEmpty, zip(thresholds, thresholds.dropFirst()).allSatisfy({ $0 < $1 }), thresholds[0] > 0 else {
                throw StyleFileError(file: file, path: "thresholds", problem: "expected positive counts in ascending order")
            }
            style.thresholds = thresholds
        }
        if let label { style.defaultLabel = label }
        if let diameter {
            guard diameter.values.allSatisfy({ $0 >= 8 && $0 <= 512 }) else {
                throw StyleFileError(file: file, path: "diameter", problem: "expected points between 8 and 512")
            }
            style.diameter = diameter.values.count == 1 ? .fixed(diameter.values[0]) : .perBucket(diameter.values)
        }
        if let fill { style.fill = fill.rule }
        if let ring {
            guard ring.width >= 0 else { throw StyleFileError(file: file, path: "ring.width", problem: "expected a non-negative number") }
            style.ring = ring.width == 0 ? nil : BadgeStyle.Ring(width: ring.width, color: ring.color?.rule ?? .fixed(Color.white.withAlpha(0.5)))
        }
        if let text {
            if let color = text.color { style.textColor = color.rule }
            if let size = text.size {
                guard size > 0 && size <= 200 else { throw StyleFileError(file: file, path: "text.size", problem: "expected points between 0 and 200") }
                style.font.size = size
            }
            if let font = text.font { style.font.family = font }
            if let weight = text.weight { style.font.weight = weight }
        }
        if let shadow {
            guard shadow.blur >= 0 && shadow.blur <= 32 else {
                throw StyleFileError(file: file, path: "shadow.blur", problem: "expected points between 0 and 32")
            }
            let offset = shadow.offset ?? [0, 1]
            guard offset.count == 2 else { throw StyleFileError(file: file, path: "shadow.offset", problem: "expected [x, y]") }
            style.shadow = BadgeStyle.Shadow(color: shadow.color ?? Color.black.withAlpha(0.4), blur: shadow.blur,
                                             offsetX: offset[0], offsetY: offset[1])
        }
        return style
    }
}

/// A single value or a list of them.
private struct OneOrMany<Value: Decodable>: Decodable {
    var values: [Value]
    init(from decoder: any Decoder) throws {
        if let many = try? [Value](from: decoder) {
            values = many
        } else {
            values = [try decoder.singleValueContainer().decode(Value.self)]
        }
        if values.isEmpty {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected at least one value"))
        }
    }
}

/// `"#fff"`, `["#a", "#b"]` (per bucket) or `{from: "#a", to: "#b"}` (a ramp).
private struct ColorSpec: Decodable {
    var rule: BadgeStyle.ColorRule
    enum CodingKeys: String, CodingKey, CaseIterable { case from, to }
    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: CodingKeys.self) {
            try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
            rule = .ramp(from: try keyed.decode(Color.self, forKey: .from), to: try keyed.decode(Color.self, forKey: .to))
        } else {
            let colors = try OneOrMany<Color>(from: decoder).values
            rule = colors.count == 1 ? .fixed(colors[0]) : .perBucket(colors)
        }
    }
}

private struct RingSpec: Decodable {
    var width: Double
    var color: ColorSpec?
    enum CodingKeys: String, CodingKey, CaseIterable { case width, color }
    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decodeIfPresent(Double.self, forKey: .width) ?? 3
        color = try c.decodeIfPresent(ColorSpec.self, forKey: .color)
    }
}

private struct TextSpec: Decodable {
    var color: ColorSpec?
    var size: Double?
    var font: String?
    var weight: Font.Weight?
    enum CodingKeys: String, CodingKey, CaseIterable { case color, size, font, weight }
    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.decodeIfPresent(ColorSpec.self, forKey: .color)
        size = try c.decodeIfPresent(Double.self, forKey: .size)
        font = try c.decodeIfPresent(String.self, forKey: .font)
        weight = try c.decodeIfPresent(Font.Weight.self, forKey: .weight)
    }
}

private struct ShadowSpec: Decodable {
    var color: Color?
    var blur: Double
    var offset: [Double]?
    enum CodingKeys: String, CodingKey, CaseIterable { case color, blur, offset }
    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.decodeIfPresent(Color.self, forKey: .color)
        blur = try c.decodeIfPresent(Double.self, forKey: .blur) ?? 2
        offset = try c.decodeIfPresent([Double].self, forKey: .offset)
    }
}
