import CCairo

/// A paragraph of text laid out by Pango: any script, shaped by HarfBuzz, bidirectional, with
/// wrapping, a line limit, ellipsis and alignment. Extents are in user units (points).
///
/// A layout belongs to the thread that made it.
public final class TextLayout {
    let layout: OpaquePointer
    private let pangoContext: PangoThreadContext

    /// Horizontal alignment of lines within ``width``. For right-to-left paragraphs Pango mirrors
    /// `leading`/`trailing`, so a Hebrew title is right-aligned where a Latin one is left-aligned.
    public enum Alignment: Sendable { case leading, center, trailing }

    public init(_ text: String, font: Font) throws(CanvasError) {
        pangoContext = try PangoThreadContext.current()
        layout = pango_layout_new(pangoContext.context)
        pango_layout_set_text(layout, text, -1)
        let description = pango_font_description_new()
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, font.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Wrap (and ellipsize) at this width; nil for one unbounded line per paragraph.
    public var width: Double? {
        didSet { pango_layout_set_width(layout, width.map { Int32(($0 * Double(PANGO_SCALE)).rounded()) } ?? -1) }
    }

    /// At most this many lines; the last one ends in "…" when text remains. Needs ``width``.
    public var maximumLines: Int? {
        didSet {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_height(layout, maximumLines.map { -Int32($0) } ?? -1)
            pango_layout_set_ellipsize(layout, maximumLines == nil ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END)
        }
    }

    public var alignment: Alignment = .leading {
        didSet {
            let value = switch alignment {
            case .leading: PANGO_ALIGN_LEFT
            case .center: PANGO_ALIGN_CENTER
            case .trailing: PANGO_ALIGN_RIGHT
            }
            pango_layout_set_alignment(layout, value)
        }
    }

    /// The box the glyphs' ink covers, relative to the layout's top-left corner.
    public var inkExtents: Rect { extents().ink }

    /// The typographic box (ascent to descent, advance widths), relative to the layout's top-left corner.
    public var logicalExtents: Rect { extents().logical }

    /// Number of lines after wrapping.
    public var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// True when text was cut and an ellipsis shown.
    public var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// Distance from the top of the layout to the first line's baseline.
    public var baseline: Double { Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) }

    /// True when the first paragraph's base direction is right to left (Arabic, Hebrew).
    public var isRightToLeft: Bool {
        pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL
    }

    /// Draws the layout with its top-left corner at `origin` in `color`.
    public func draw(in context: Context, at origin: Point, color: Color) {
        context.withSavedState {
            context.setColor(color)
            cairo_move_to(context.handle, origin.x, origin.y)
            pango_cairo_show_layout(context.handle, layout)
        }
    }

    private func extents() -> (ink: Rect, logical: Rect) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        func rect(_ r: PangoRectangle) -> Rect {
            let s = Double(PANGO_SCALE)
            return Rect(x: Double(r.x) / s, y: Double(r.y) / s, width: Double(r.width) / s, height: Double(r.height) / s)
        }
        return (rect(ink), rect(logical))
    }
}
