import CCairo

extension TextLayout {
    /// Strokes the outline of the glyphs, `width` points wide (half of it outside the glyphs), with
    /// round joins, in `color`: the halo that keeps a label legible over a busy background. Draw the
    /// text itself over it at the same `origin`.
    public func drawHalo(in context: Context, at origin: Point, color: Color, width: Double) {
        context.withSavedState {
            context.newPath()
            cairo_move_to(context.handle, origin.x, origin.y)
            pango_cairo_layout_path(context.handle, layout)
            cairo_set_line_join(context.handle, CAIRO_LINE_JOIN_ROUND)
            context.setColor(color)
            context.stroke(width: width)
        }
    }
}
