import Canvas

/// Everything that decides how a cluster badge looks: bucket thresholds, colours and sizes per bucket,
/// ring, text and shadow. Built-in styles reproduce Google's Android and iOS cluster renderers and
/// Leaflet.markercluster; custom ones come from YAML (``BadgeStyle/load(yaml:file:)``).
public struct BadgeStyle: Sendable, Equatable {
    public var name: String
    /// Ascending count thresholds.
    public var thresholds: [Int]
    /// The label mode used when the caller asks for none.
    public var defaultLabel: LabelMode
    /// Fill colour of the disc by bucket.
    public var fill: ColorRule
    /// A band of `width` points around the fill disc. It is drawn as a full disc under the fill, the
    /// way Leaflet's outer `div` and Android's outline layer are, so a translucent fill shows it through.
    public var ring: Ring?
    /// Diameter of the whole badge (ring included), in points.
    public var diameter: DiameterRule
    public var font: Font
    public var textColor: ColorRule
    public var shadow: Shadow?

    public init(name: String, thresholds: [Int], defaultLabel: LabelMode, fill: ColorRule, ring: Ring?,
                diameter: DiameterRule, font: Font, textColor: ColorRule, shadow: Shadow? = nil) {
        self.name = name
        self.thresholds = thresholds
        self.defaultLabel = defaultLabel
        self.fill = fill
        self.ring = ring
        self.diameter = diameter
        self.font = font
        self.textColor = textColor
        self.shadow = shadow
    }

    public struct Ring: Sendable, Equatable, Hashable {
        public var width: Double
        public var color: ColorRule
        public init(width: Double, color: ColorRule) { self.width = width; self.color = color }
    }

    public struct Shadow: Sendable, Equatable, Hashable {
        public var color: Color
        /// Gaussian standard deviation in points.
        public var blur: Double
        public var offsetX: Double
        public var offsetY: Double
        public init(color: Color, blur: Double, offsetX: Double = 0, offsetY: Double = 1) {
            self.color = color; self.blur = blur; self.offsetX = offsetX; self.offsetY = offsetY
        }
        /// Room the shadow needs around the shape, in points.
        var margin: Double { 3 * blur + max(abs(offsetX), abs(offsetY)) }
    }

    /// A colour chosen by bucket.
    public enum ColorRule: Sendable, Equatable, Hashable {
        /// One colour for every bucket.
        case fixed(Color)
        /// `colors[bucket.index]`, the last one repeating.
        case perBucket([Color])
        /// From `from` at the first bucket to `to` at the last, interpolated by bucket index.
        case ramp(from: Color, to: Color)
        /// android-maps-utils: HSV(((300 - min(b, 300))² / 300²) × 220°, 1, 0.6) for bucket value b.
        case androidHue

        public func color(for bucket: Bucket, bucketCount: Int) -> Color {
            switch self {
            case .fixed(let color):
                return color
            case .perBucket(let colors):
                return colors[min(bucket.index, colors.count - 1)]
            case .ramp(let from, let to):
                return from.mixed(with: to, bucketCount == 0 ? 0 : Double(bucket.index) / Double(bucketCount))
            case .androidHue:
                let size = Double(min(bucket.value, 300))
                let hue = (300 - size) * (300 - size) / (300 * 300) * 220
                return Color(hue: hue, saturation: 1, value: 0.6)
            }
        }
    }

    /// The badge diameter by bucket.
    public enum DiameterRule: Sendable, Equatable, Hashable {
        case fixed(Double)
        case perBucket([Double])
        /// google-maps-ios-utils: max(minimum, label width, label height) + growth × bucket index + padding.
        case fitLabel(minimum: Double, padding: Double, growthPerBucket: Double)
    }

    /// The bucket of a count under this style.
    public func bucket(for count: Int) -> Bucket { Bucket(count: count, thresholds: thresholds) }
}
