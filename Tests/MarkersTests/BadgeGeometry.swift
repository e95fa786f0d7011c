import Canvas
import Foundation

/// The pixel of a square badge image at `bearing` degrees clockwise from 12 o'clock and `radius`
/// points from its centre, at `scale` pixels per point.
func pixel(_ image: Surface, bearing: Double, radius: Double, scale: Double) -> RGBA8 {
    let centre = Double(image.width) / 2
    let angle = bearing * .pi / 180
    let x = centre + radius * scale * sin(angle), y = centre - radius * scale * cos(angle)
    return image.pixel(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
}
