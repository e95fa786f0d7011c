/// A font request: family (fontconfig name), size in user units (points) and weight.
public struct Font: Equatable, Hashable, Sendable {
    public enum Weight: String, Sendable, Decodable, CaseIterable {
        case regular, bold
    }
    public var family: String
    public var size: Double
    public var weight: Weight

    public init(family: String = FontLibrary.defaultFamily, size: Double, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font {
        Font(family: family, size: size, weight: weight)
    }
}
