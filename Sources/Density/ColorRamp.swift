import Canvas
import Foundation

/// A colour ramp: the colour of a value from 0 to 1, through colour stops, for heatmaps and
/// choropleths. Named ramps (``names``) or stops written `0:#0000ff00,0.3:cyan,1:red`.
///
/// Between two stops the colour is interpolated in linear light (the sRGB transfer function undone,
/// as light adds up) with premultiplied alpha (as CSS Color 4 interpolates), then encoded back to
/// sRGB; below the first stop the ramp has the first stop's colour, above the last the last's.
public struct ColorRamp: Sendable, Hashable, CustomStringConvertible {
    /// One colour stop: where on the ramp (0...1) and its colour.
    public struct Stop: Sendable, Hashable {
        public let position: Double
        public let color: Color

        public init(position: Double, color: Color) {
            self.position = position
            self.color = color
        }
    }

    /// The stops, by increasing position.
    public let stops: [Stop]
    /// The text the ramp was made from: its name, or its stops (cache keys and ETags use it).
    public let description: String

    /// A ramp through `stops`; at least two, positions in 0...1 and increasing.
    public init(stops: [Stop], description: String? = nil) throws(ColorRampError) {
        guard stops.count >= 2 else { throw ColorRampError("a ramp needs at least two stops (got \(stops.count))") }
        for (number, stop) in stops.enumerated() {
            guard (0...1).contains(stop.position) else {
                throw ColorRampError("stop \(number + 1): position \(stop.position) is not from 0 to 1")
            }
            if number > 0, stop.position <= stops[number - 1].position {
                throw ColorRampError("stop \(number + 1): position \(stop.position) does not follow \(stops[number - 1].position)")
            }
        }
        self.stops = stops
        self.description = description ?? stops.map { "\($0.position):\($0.color)" }.joined(separator: ",")
    }

    /// A named ramp (``names``) or stops `POSITION:COLOUR,…` (CSS colours; `rgba(…)` may hold commas).
    /// An error names the stop that is wrong.
    public init(parsing text: String) throws(ColorRampError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let named = ColorRamp.named[trimmed.lowercased()] {
            self = named
            return
        }
        guard trimmed.contains(":") else {
            throw ColorRampError("'\(text)' is neither a ramp (\(ColorRamp.names.joined(separator: ", "))) nor stops like 0:#0000ff00,0.3:cyan,1:red")
        }
        var stops: [Stop] = []
        for (number, part) in ColorRamp.topLevelItems(of: trimmed).enumerated() {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard let colon = item.firstIndex(of: ":"), let position = Double(item[..<colon].trimmingCharacters(in: .whitespaces)),
                  position.isFinite else {
                throw ColorRampError("stop \(number + 1) '\(item)': expected POSITION:COLOUR, e.g. 0.3:cyan")
            }
            do {
                stops.append(Stop(position: position, color: try Color(parsing: String(item[item.index(after: colon)...]))))
            } catch {
                throw ColorRampError("stop \(number + 1) '\(item)': \(error)")
            }
        }
        try self.init(stops: stops, description: trimmed)
    }

    /// The colour at `t` (clamped to 0...1).
    public func color(at t: Double) -> Color {
        let t = min(max(t, 0), 1)
        guard t > stops[0].position else { return stops[0].color }
        guard let upper = stops.firstIndex(where: { $0.position >= t }) else { return stops[stops.count - 1].color }
        let a = stops[upper - 1], b = stops[upper]
        let f = (t - a.position) / (b.position - a.position)
        let alpha = a.color.alpha + (b.color.alpha - a.color.alpha) * f
        guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ x: Double, _ y: Double) -> Double {
            let mixed = ColorRamp.linear(x) * a.color.alpha * (1 - f) + ColorRamp.linear(y) * b.color.alpha * f
            return ColorRamp.encoded(mixed / alpha)
        }
        return Color(red: channel(a.color.red, b.color.red), green: channel(a.color.green, b.color.green),
                     blue: channel(a.color.blue, b.color.blue), alpha: alpha)
    }

    /// 256 premultiplied ARGB32 pixels (Cairo's format): entry `i` is the colour at `i / 255` with its
    /// alpha multiplied by `opacity` (0...1). Drawing looks a value up at `round(255 · value)`.
    public func lookupTable(opacity: Double = 1) -> [UInt32] {
        (0..<256).map { level in
            let color = color(at: Double(level) / 255)
            return color.withAlpha(color.alpha * min(max(opacity, 0), 1)).pixel.premultiplied
        }
    }

    /// The sRGB transfer function undone: an encoded channel (0...1) as linear light.
    static func linear(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear light encoded with the sRGB transfer function.
    static func encoded(_ value: Double) -> Double {
        let value = min(max(value, 0), 1)
        return value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }

    /// `text` split at the commas outside parentheses (`rgba(0,0,255,0)` stays one item).
    private static func topLevelItems(of text: String) -> [Substring] {
        var items: [Substring] = []
        var depth = 0, start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                items.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        items.append(text[start...])
        return items
    }
}

/// A ramp that cannot be made: the message names the stop at fault.
public struct ColorRampError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
