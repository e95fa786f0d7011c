import CCairo

extension Context {
    /// A sector of a ring as a new sub-path: the band between `innerRadius` and `outerRadius`
    /// around `center`, from bearing `start` to bearing `end`, in degrees clockwise from 12 o'clock
    /// (the way a clock face and a compass read). An `innerRadius` of 0 gives a pie slice; a sweep
    /// of 360° or more gives the whole ring or disc.
    public func ringSector(center: Point, innerRadius: Double, outerRadius: Double, from start: Double, to end: Double) {
        // Cairo measures angles from 3 o'clock, clockwise in a y-down space.
        func radians(_ bearing: Double) -> Double { (bearing - 90) * .pi / 180 }
        let sweep = min(end - start, 360)
        cairo_new_sub_path(handle)
        cairo_arc(handle, center.x, center.y, outerRadius, radians(start), radians(start + sweep))
        if innerRadius > 0 {
            if sweep >= 360 {
                // A full ring: the inner circle the other way round, so the non-zero fill rule leaves a hole.
                cairo_close_path(handle)
                cairo_new_sub_path(handle)
            }
            cairo_arc_negative(handle, center.x, center.y, innerRadius, radians(start + sweep), radians(start))
        } else if sweep < 360 {
            cairo_line_to(handle, center.x, center.y)
        }
        cairo_close_path(handle)
    }
}
