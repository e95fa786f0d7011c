import Canvas

/// Colours of an info-window card.
public struct CardTheme: Sendable, Equatable {
    public var background: Color
    public var title: Color
    public var subtitle: Color
    public var placeholder: Color
    public var placeholderGlyph: Color
    public var shadow: Color

    public static let light = CardTheme(
        background: .white, title: Color(r: 0x20, g: 0x21, b: 0x24), subtitle: Color(r: 0x5f, g: 0x63, b: 0x68),
        placeholder: Color(r: 0xe8, g: 0xea, b: 0xed), placeholderGlyph: Color(r: 0xbd, g: 0xc1, b: 0xc6),
        shadow: Color.black.withAlpha(0.28))
    public static let dark = CardTheme(
        background: Color(r: 0x2d, g: 0x2e, b: 0x30), title: Color(r: 0xe8, g: 0xea, b: 0xed),
        subtitle: Color(r: 0x9a, g: 0xa0, b: 0xa6), placeholder: Color(r: 0x3c, g: 0x40, b: 0x43),
        placeholderGlyph: Color(r: 0x5f, g: 0x63, b: 0x68), shadow: Color.black.withAlpha(0.5))

    /// The built-in themes by name.
    public static let named: [String: CardTheme] = ["light": light, "dark": dark]
}
