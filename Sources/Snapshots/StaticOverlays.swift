import Canvas
import Foundation

/// What a static map draws over its tiles, in this order: a path, pins, then an attribution stamp
/// (the clusters of a dataset are drawn by `ClusterOverlay`, between the path and the pins).
public struct StaticOverlays: Sendable, Equatable {
    /// A pin at a point, in a colour.
    public struct Pin: Sendable, Equatable {
        public var longitude: Double
        public var latitude: Double
        public var color: Color

        public init(longitude: Double, latitude: Double, color: Color = StaticOverlays.pinColor) {
            self.longitude = longitude
            self.latitude = latitude
            self.color = color
        }
    }

    /// A polyline through points, stroked.
    public struct Path: Sendable, Equatable {
        public var points: [(longitude: Double, latitude: Double)]
        public var color: Color
        /// Points wide (scaled with the picture).
        public var width: Double

        public init(points: [(longitude: Double, latitude: Double)], color: Color = StaticOverlays.pathColor, width: Double = 3) {
            self.points = points
            self.color = color
            self.width = width
        }

        public static func == (a: Path, b: Path) -> Bool {
            a.color == b.color && a.width == b.width && a.points.elementsEqual(b.points) { $0 == $1 }
        }
    }

    public static let pinColor = Color(red: 0xd9 / 255, green: 0x30 / 255, blue: 0x25 / 255)
    public static let pathColor = Color(red: 0x1a / 255, green: 0x73 / 255, blue: 0xe8 / 255)

    public var pins: [Pin] = []
    public var path: Path?
    /// The layer's attribution, drawn small in the bottom-right corner; nil draws none.
    public var attribution: String?

    public init(pins: [Pin] = [], path: Path? = nil, attribution: String? = nil) {
        self.pins = pins
        self.path = path
        self.attribution = attribution
    }

    /// Draws the path onto the picture of `view`.
    public func drawPath(on surface: Surface, view: MapView) throws {
        guard let path, path.points.count >= 2 else { return }
        let context = Context(surface)
        context.newPath()
        for (index, point) in path.points.enumerated() {
            let pixel = view.pixel(longitude: point.longitude, latitude: point.latitude)
            if index == 0 { context.move(to: Point(x: pixel.x, y: pixel.y)) } else { context.line(to: Point(x: pixel.x, y: pixel.y)) }
        }
        context.setColor(path.color)
        context.stroke(width: path.width * Double(view.scale))
        try context.checkStatus("drawing the path")
    }

    /// Draws the pins (their tips on their points) and the attribution onto the picture of `view`.
    public func drawPinsAndAttribution(on surface: Surface, view: MapView) throws {
        let context = Context(surface)
        let scale = Double(view.scale)
        for pin in pins {
            let tip = view.pixel(longitude: pin.longitude, latitude: pin.latitude)
            Self.drawPin(in: context, tip: Point(x: tip.x, y: tip.y), color: pin.color, scale: scale)
        }
        if let attribution, !attribution.isEmpty {
            try Self.drawStamp(attribution, in: context, surface: surface, scale: scale)
        }
        try context.checkStatus("drawing pins")
    }

    /// A map pin 20 × 30 points: a teardrop (a round head whose sides run straight to the tip, one
    /// path), white-rimmed by one stroke, with a white dot.
    static func drawPin(in context: Context, tip: Point, color: Color, scale: Double) {
        let radius = 10 * scale, head = Point(x: tip.x, y: tip.y - 20 * scale)
        // The sides touch the head where the radius meets them at a right angle: `spread` either
        // side of straight down.
        let spread = acos(radius / (tip.y - head.y))
        context.newPath()
        context.move(to: tip)
        context.arc(center: head, radius: radius, from: .pi / 2 + spread, to: 2 * .pi + .pi / 2 - spread)
        context.closePath()
        context.setColor(color)
        context.fill(preserve: true)
        context.setColor(.white)
        context.stroke(width: 1.5 * scale)
        context.newPath()
        context.circle(center: head, radius: radius * 0.38)
        context.setColor(.white)
        context.fill()
    }

    /// Text in a small translucent white box in the bottom-right corner.
    static func drawStamp(_ text: String, in context: Context, surface: Surface, scale: Double) throws {
        let layout = try TextLayout(text, font: Font(size: 10 * scale))
        layout.width = Double(surface.width) * 0.9
        layout.maximumLines = 1
        let extents = layout.logicalExtents
        let padding = 3 * scale
        let box = Rect(x: Double(surface.width) - extents.width - 2 * padding, y: Double(surface.height) - extents.height - 2 * padding,
                       width: extents.width + 2 * padding, height: extents.height + 2 * padding)
        context.newPath()
        context.rectangle(box)
        context.setColor(Color(red: 1, green: 1, blue: 1, alpha: 0.75))
        context.fill()
        layout.draw(in: context, at: Point(x: box.x + padding - extents.x, y: box.y + padding - extents.y),
                    color: Color(red: 0.2, green: 0.2, blue: 0.2))
    }
}
