import CCairo

/// A drawing context on a ``Surface`` or a vector document: Cairo's `cairo_t`, owned and freed in `deinit`.
///
/// Drawing calls do not throw one by one: Cairo's error state is sticky, and ``checkStatus(_:)``
/// (called by the renderers when they finish) turns it into a ``CanvasError``.
public final class Context {
    let handle: OpaquePointer
    /// Keeps the target alive while the context draws on it.
    private let target: AnyObject?

    /// A context drawing on a raster surface.
    public init(_ surface: Surface) {
        handle = cairo_create(surface.handle)
        target = surface
    }

    init(cairoSurface: OpaquePointer, owner: AnyObject?) {
        handle = cairo_create(cairoSurface)
        target = owner
    }

    deinit { cairo_destroy(handle) }

    /// Throws the first error Cairo met while drawing, if any.
    public func checkStatus(_ operation: @autoclosure () -> String = "drawing") throws(CanvasError) {
        try check(cairo_status(handle), operation())
    }

    // MARK: State and transforms

    /// Runs `body` between `cairo_save` and `cairo_restore`.
    public func withSavedState<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        cairo_save(handle)
        defer { cairo_restore(handle) }
        return try body()
    }

    public func scale(_ sx: Double, _ sy: Double) { cairo_scale(handle, sx, sy) }
    public func translate(_ dx: Double, _ dy: Double) { cairo_translate(handle, dx, dy) }
    public func rotate(degrees: Double) { cairo_rotate(handle, degrees * .pi / 180) }

    // MARK: Sources

    public func setColor(_ color: Color) {
        cairo_set_source_rgba(handle, color.red, color.green, color.blue, color.alpha)
    }

    /// A linear gradient from `start` to `end` through the colour stops (offset 0...1).
    public func setLinearGradient(from start: Point, to end: Point, stops: [(Double, Color)]) {
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        for (offset, c) in stops {
            cairo_pattern_add_color_stop_rgba(pattern, offset, c.red, c.green, c.blue, c.alpha)
        }
        cairo_set_source(handle, pattern)
        cairo_pattern_destroy(pattern)
    }

    // MARK: Paths

    public func newPath() { cairo_new_path(handle) }
    public func move(to p: Point) { cairo_move_to(handle, p.x, p.y) }
    public func line(to p: Point) { cairo_line_to(handle, p.x, p.y) }
    public func closePath() { cairo_close_path(handle) }
    public func rectangle(_ r: Rect) { cairo_rectangle(handle, r.x, r.y, r.width, r.height) }

    /// A full circle as a new sub-path.
    public func circle(center: Point, radius: Double) {
        cairo_new_sub_path(handle)
        cairo_arc(handle, center.x, center.y, radius, 0, 2 * .pi)
        cairo_close_path(handle)
    }

    /// An arc of a circle from angle `start` to `end` (radians, clockwise from +x as y grows down),
    /// joined by a line to the current point if there is one.
    public func arc(center: Point, radius: Double, from start: Double, to end: Double) {
        cairo_arc(handle, center.x, center.y, radius, start, end)
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    public func roundedRectangle(_ r: Rect, radius: Double) {
        let radius = max(0, min(radius, r.width / 2, r.height / 2))
        cairo_new_sub_path(handle)
        cairo_arc(handle, r.maxX - radius, r.y + radius, radius, -.pi / 2, 0)
        cairo_arc(handle, r.maxX - radius, r.maxY - radius, radius, 0, .pi / 2)
        cairo_arc(handle, r.x + radius, r.maxY - radius, radius, .pi / 2, .pi)
        cairo_arc(handle, r.x + radius, r.y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(handle)
    }

    // MARK: Painting

    /// Fills the current path; keeps it when `preserve` is true.
    public func fill(preserve: Bool = false) {
        preserve ? cairo_fill_preserve(handle) : cairo_fill(handle)
    }

    /// Strokes the current path with a line `width` in user units.
    public func stroke(width: Double, preserve: Bool = false) {
        cairo_set_line_width(handle, width)
        preserve ? cairo_stroke_preserve(handle) : cairo_stroke(handle)
    }

    /// Restricts drawing to the current path.
    public func clip() { cairo_clip(handle) }

    /// Paints the current source everywhere inside the clip, at `alpha`.
    public func paint(alpha: Double = 1) {
        alpha >= 1 ? cairo_paint(handle) : cairo_paint_with_alpha(handle, alpha)
    }

    /// Resampling used when an image is drawn scaled.
    public enum Filter: Sendable {
        case nearest, good, best
        var cairo: cairo_filter_t {
            switch self {
            case .nearest: CAIRO_FILTER_NEAREST
            case .good: CAIRO_FILTER_GOOD
            case .best: CAIRO_FILTER_BEST
            }
        }
    }

    /// Draws `image` scaled to fill `rect` exactly, at `alpha`.
    public func draw(_ image: Surface, in rect: Rect, alpha: Double = 1, filter: Filter = .good) {
        withSavedState {
            cairo_translate(handle, rect.x, rect.y)
            cairo_scale(handle, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(handle, image.handle, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(handle), filter.cairo)
            cairo_pattern_set_extend(cairo_get_source(handle), CAIRO_EXTEND_PAD)
            cairo_rectangle(handle, 0, 0, Double(image.width), Double(image.height))
            cairo_clip(handle)
            paint(alpha: alpha)
        }
    }

    /// Draws `image` scaled to cover `rect` (keeping its aspect ratio, cropping the overflow, centred),
    /// as CSS `object-fit: cover`.
    public func drawCovering(_ image: Surface, in rect: Rect, filter: Filter = .good) {
        let scale = max(rect.width / Double(image.width), rect.height / Double(image.height))
        let drawn = Size(width: Double(image.width) * scale, height: Double(image.height) * scale)
        withSavedState {
            rectangle(rect)
            clip()
            draw(image, in: Rect(x: rect.midX - drawn.width / 2, y: rect.midY - drawn.height / 2,
                                 width: drawn.width, height: drawn.height), filter: filter)
        }
    }

    /// Fills a soft shadow of the shape that `shape` traces (in the current user space): the shape is
    /// rasterised at `resolution` pixels per unit into a mask, blurred by `blur` units (Gaussian σ),
    /// and `color` is painted through it, moved by `offset`. Works on raster and vector targets alike
    /// (a vector document gets the blurred mask as an embedded image).
    public func fillShadow(
        of shape: (Context) -> Void, bounds: Rect, color: Color, blur: Double, offset: Point, resolution: Double
    ) throws(CanvasError) {
        let margin = (3 * blur).rounded(.up)
        let area = bounds.insetBy(-margin)
        let mask = try Surface(width: Int((area.width * resolution).rounded(.up)),
                               height: Int((area.height * resolution).rounded(.up)))
        let maskContext = Context(mask)
        maskContext.scale(resolution, resolution)
        maskContext.translate(-area.x, -area.y)
        shape(maskContext)
        maskContext.setColor(.black)
        maskContext.fill()
        try maskContext.checkStatus("drawing a shadow mask")
        mask.blur(sigma: blur * resolution)
        withSavedState {
            cairo_translate(handle, area.x + offset.x, area.y + offset.y)
            cairo_scale(handle, 1 / resolution, 1 / resolution)
            setColor(color)
            cairo_mask_surface(handle, mask.handle, 0, 0)
        }
    }
}
