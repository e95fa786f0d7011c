import Clusters
import Markers

/// The cluster radius a served dataset gets when its configuration gives none: wide enough that
/// the badges drawn on its overlay tiles stay apart, where supercluster's default 40 (sized for
/// small pins) lets 48 pt badges pile onto each other.
///
///     radius = ⌈ largestDiameter / tileSize × extent × spacing ⌉
///
/// with `largestDiameter` the widest badge of the dataset's style and label mode (ring included,
/// in points), `tileSize` 256 (the points of a tile at @1x), `extent` the dataset's (512 by
/// default) and `spacing` 5/6. Two badges a full diameter apart just touch; supercluster merges
/// what lies within the radius of a cluster's first point and then puts the cluster at its points'
/// centroid, nearer its neighbours than that first point was, so a radius of a whole diameter
/// merges more than needed. 5/6 of it lets neighbouring badges overlap by at most a sixth of their
/// width, their rims. The google style (48 pt): ⌈48 / 256 × 512 × 5/6⌉ = 80; leaflet (40 pt): 67.
/// `cairn clusters` keeps supercluster's 40, so its output matches supercluster's.
enum BadgeSpacing {
    /// The points of a map tile at @1x.
    static let tileSize = 256.0
    /// The share of a badge's diameter that clusters at least that far apart are kept apart by.
    static let spacing = (numerator: 5.0, denominator: 6.0)

    /// The radius for badges of `style` (with `label`) on tiles of `extent`.
    static func radius(style: BadgeStyle, label: LabelMode?, extent: Double) throws -> Double {
        (try largestDiameter(style: style, label: label) * extent * spacing.numerator / (tileSize * spacing.denominator)).rounded(.up)
    }

    /// The widest badge the style draws, over counts that reach each bucket and each label length.
    static func largestDiameter(style: BadgeStyle, label: LabelMode?) throws -> Double {
        var largest = 0.0
        for count in [2, 9, 99, 999, 9999, 99_999, 999_999, 9_999_999] + style.thresholds {
            largest = max(largest, try style.layout(for: count, label: label).diameter)
        }
        return largest
    }
}
