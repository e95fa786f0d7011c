/// The density S a heatmap colours fully: colour = ramp(min(1, D / S)). It depends only on the
/// dataset (its points, weights and filter), the zoom, the radius and the kernel — never on a tile —
/// so that neighbouring tiles share one colour scale.
public enum HeatmapScale: Sendable, Hashable, CustomStringConvertible {
    /// The 99th percentile (nearest rank) of D at the dataset's own points at the zoom (see
    /// ``Heatmap/scale(zoom:options:)``).
    case auto
    /// This density, at every zoom.
    case fixed(Double)

    /// `auto` or the number.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .fixed(let value): "\(value)"
        }
    }
}

/// How the scale follows the zoom.
public enum HeatmapNormalization: String, Sendable, Hashable, CaseIterable {
    /// The scale is the one of the zoom drawn (``HeatmapScale``).
    case none
    /// The scale follows the ground area of a pixel: S(z) = S(0) · 4^−z, with S(0) the scale at
    /// zoom 0 (`auto`: the percentile at zoom 0; a fixed scale is S(0)). A uniform spread of
    /// points then keeps its colour from zoom to zoom: the colour measures points per area.
    case area
}
