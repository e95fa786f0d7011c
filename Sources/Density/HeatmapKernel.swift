import Foundation

/// The kernel K of a heatmap: how much a point adds at a distance, as a function of u = distance /
/// radius, zero from u = 1 on.
public enum HeatmapKernel: String, Sendable, Hashable, CaseIterable {
    /// K(u) = (1 − u²)² (the kernel of MapLibre's and QGIS's heatmaps; smooth at the radius).
    case quartic
    /// K(u) = exp(−4.5 u²), a Gaussian whose standard deviation is a third of the radius, cut at the radius.
    case gaussian

    /// K at u² = `squared` (the square of distance / radius); 0 from 1 on.
    @inline(__always)
    public func value(squared: Double) -> Double {
        guard squared < 1 else { return 0 }
        switch self {
        case .quartic:
            let a = 1 - squared
            return a * a
        case .gaussian:
            return exp(-4.5 * squared)
        }
    }
}
