import Foundation

/// The CSS `filter:` functions as colour matrices, with the formulas of the W3C Filter Effects
/// Module Level 1 (§ "Filter functions"), in sRGB as browsers apply them.
extension ColorMatrix {
    /// `grayscale(amount)`: amount 0...1 (clamped), 1 = fully grey (Rec. 709 luma).
    public static func grayscale(_ amount: Double) -> ColorMatrix {
        let s = 1 - min(max(amount, 0), 1)
        return ColorMatrix(rgb: [
            [0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s],
            [0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s],
            [0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s],
        ])
    }

    /// `sepia(amount)`: amount 0...1 (clamped).
    public static func sepia(_ amount: Double) -> ColorMatrix {
        let s = 1 - min(max(amount, 0), 1)
        return ColorMatrix(rgb: [
            [0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s],
            [0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s],
            [0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s],
        ])
    }

    /// `saturate(amount)`: 0 = grey, 1 = unchanged, above 1 more saturated.
    public static func saturate(_ amount: Double) -> ColorMatrix {
        let s = max(amount, 0)
        return ColorMatrix(rgb: [
            [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
        ])
    }

    /// `hue-rotate(degrees)`.
    public static func hueRotate(degrees: Double) -> ColorMatrix {
        let a = degrees * .pi / 180
        let c = cos(a), s = sin(a)
        return ColorMatrix(rgb: [
            [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
            [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
            [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
        ])
    }

    /// `invert(amount)`: amount 0...1 (clamped); each channel becomes amount + C × (1 − 2 amount).
    public static func invert(_ amount: Double) -> ColorMatrix {
        let a = min(max(amount, 0), 1)
        let k = 1 - 2 * a
        return ColorMatrix(rgb: [[k, 0, 0], [0, k, 0], [0, 0, k]], offset: [a, a, a])
    }

    /// `brightness(amount)`: each channel × amount.
    public static func brightness(_ amount: Double) -> ColorMatrix {
        let b = max(amount, 0)
        return ColorMatrix(rgb: [[b, 0, 0], [0, b, 0], [0, 0, b]])
    }

    /// `contrast(amount)`: each channel becomes amount × C + (0.5 − 0.5 × amount).
    public static func contrast(_ amount: Double) -> ColorMatrix {
        let c = max(amount, 0)
        let offset = 0.5 - 0.5 * c
        return ColorMatrix(rgb: [[c, 0, 0], [0, c, 0], [0, 0, c]], offset: [offset, offset, offset])
    }

    /// `opacity(amount)`: alpha × amount (0...1, clamped).
    public static func opacity(_ amount: Double) -> ColorMatrix {
        let a = min(max(amount, 0), 1)
        return ColorMatrix(rows: [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, a, 0]])
    }
}
