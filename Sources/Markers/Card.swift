import Canvas

/// An info-window preview card: a rounded card with a cover-cropped thumbnail, a bold one-line title
/// and a grey subtitle of up to two lines, a soft shadow and an optional callout arrow under it.
/// Sizes are in points; ``render(scale:)`` draws at 1 to 4 pixels per point.
public struct Card: Sendable {
    /// What fills the thumbnail square.
    public enum Thumbnail: Sendable {
        /// No thumbnail: the text takes the whole card.
        case none
        /// A neutral picture-shaped placeholder (the image was missing or unreadable).
        case placeholder
        case image(Surface)
    }

    public var title: String
    public var subtitle: String?
    public var thumbnail: Thumbnail
    public var width: Double
    public var height: Double
    public var theme: CardTheme
    public var arrow: Bool

    public init(title: String, subtitle: String? = nil, thumbnail: Thumbnail = .none, width: Double = 240,
                height: Double = 64, theme: CardTheme = .light, arrow: Bool = true) {
        self.title = title
        self.subtitle = subtitle
        self.thumbnail = thumbnail
        self.width = width
        self.height = height
        self.theme = theme
        self.arrow = arrow
    }

    // Layout constants, in points.
    static let padding = 8.0
    static let thumbnailRadius = 6.0
    static let gap = 10.0
    static let cornerRadius = 10.0
    static let arrowSize = Size(width: 16, height: 8)
    static let shadowBlur = 3.0
    static let shadowOffset = Point(x: 0, y: 1.5)
    static let titleFont = Font(size: 14, weight: .bold)
    static let subtitleFont = Font(size: 12)
    /// Room around the card for the shadow.
    static var margin: Double { (3 * shadowBlur + shadowOffset.y).rounded(.up) }

    /// Size of the whole image in points: card, arrow and shadow room.
    public var canvasSize: Size {
        Size(width: width + 2 * Card.margin, height: height + (arrow ? Card.arrowSize.height : 0) + 2 * Card.margin)
    }
}
