/// How a heatmap is drawn: the kernel's radius and shape, the weight property, the colour ramp, its
/// opacity, and the scale. Parsed from the texts a request or a command line gives (`nil` for the
/// default), each checked against its documented limits.
public struct HeatmapOptions: Sendable, Hashable {
    /// The kernel's radius in CSS pixels (× the tile's scale in output pixels), ``radiusLimits``.
    public var radius: Double
    public var kernel: HeatmapKernel
    /// The numeric point property each point weighs (1 when a point lacks it); nil: every point 1.
    public var weight: String?
    public var ramp: ColorRamp
    /// The ramp's alpha multiplied by this, 0...1.
    public var opacity: Double
    public var scale: HeatmapScale
    public var normalize: HeatmapNormalization

    public static let defaultRadius = 20.0
    public static let radiusLimits = 1.0...128.0

    public init(radius: Double = defaultRadius, kernel: HeatmapKernel = .quartic, weight: String? = nil,
                ramp: ColorRamp = .heat, opacity: Double = 1, scale: HeatmapScale = .auto,
                normalize: HeatmapNormalization = .none) {
        self.radius = radius
        self.kernel = kernel
        self.weight = weight
        self.ramp = ramp
        self.opacity = opacity
        self.scale = scale
        self.normalize = normalize
    }

    /// Options from their texts; nil keeps a default (a request's parameters, a command's options). The error names the parameter and its limits.
    public init(radius: String?, kernel: String? = nil, weight: String? = nil, ramp: String? = nil, opacity: String? = nil,
                scale: String? = nil, normalize: String? = nil) throws(HeatmapOptionsError) {
        self.init()
        if let radius {
            guard let value = Double(radius), Self.radiusLimits.contains(value) else {
                throw HeatmapOptionsError(parameter: "radius", value: radius, expected: "a number of pixels from 1 to 128")
            }
            self.radius = value
        }
        if let kernel {
            guard let value = HeatmapKernel(rawValue: kernel) else {
                throw HeatmapOptionsError(parameter: "kernel", value: kernel, expected: "quartic or gaussian")
            }
            self.kernel = value
        }
        if let weight {
            guard !weight.isEmpty else { throw HeatmapOptionsError(parameter: "weight", value: weight, expected: "a property name") }
            self.weight = weight
        }
        if let ramp {
            do { self.ramp = try ColorRamp(parsing: ramp) } catch {
                throw HeatmapOptionsError(parameter: "ramp", value: ramp, expected: error.description)
            }
        }
        if let opacity {
            guard let value = Double(opacity), (0...1).contains(value) else {
                throw HeatmapOptionsError(parameter: "opacity", value: opacity, expected: "a number from 0 to 1")
            }
            self.opacity = value
        }
        if let scale, scale != "auto" {
            guard let value = Double(scale), value.isFinite, value > 0 else {
                throw HeatmapOptionsError(parameter: "scale", value: scale, expected: "auto or a density above 0")
            }
            self.scale = .fixed(value)
        }
        if let normalize {
            guard let value = HeatmapNormalization(rawValue: normalize) else {
                throw HeatmapOptionsError(parameter: "normalize", value: normalize, expected: "none or area")
            }
            self.normalize = value
        }
    }

    /// Every option, as text: what a cache key or an ETag names the picture by.
    public var cacheKey: String {
        "radius=\(radius),kernel=\(kernel.rawValue),weight=\(weight ?? ""),ramp=\(ramp.description),opacity=\(opacity),"
            + "scale=\(scale),normalize=\(normalize.rawValue)"
    }
}

/// A heatmap option out of its limits.
public struct HeatmapOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let parameter: String
    public let value: String
    /// What the parameter takes (or, for a ramp, what is wrong with it).
    public let expected: String

    public var description: String {
        parameter == "ramp" ? "ramp '\(value)': \(expected)" : "\(parameter) '\(value)': expected \(expected)"
    }
}
