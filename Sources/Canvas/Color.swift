/// An sRGB colour with straight (not premultiplied) alpha, each channel in 0...1.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 8-bit channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    /// A colour from hue (degrees), saturation and value (0...1), as Android's `Color.HSVToColor`.
    public init(hue: Double, saturation: Double, value: Double, alpha: Double = 1) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = value * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = value - c
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        self.init(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }

    /// This colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Linear interpolation in sRGB between two colours, `t` in 0...1.
    public func mixed(with other: Color, _ t: Double) -> Color {
        let t = min(max(t, 0), 1)
        return Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                     blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The 8-bit channels (rounded).
    public var rgba8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `#rrggbbaa` (or `#rrggbb` when opaque).
    public var description: String {
        let c = rgba8
        let hex = [c.r, c.g, c.b] + (c.a == 255 ? [] : [c.a])
        return "#" + hex.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
