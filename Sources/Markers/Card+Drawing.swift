import Canvas

extension Card {
    /// The card as a raster image at `scale` pixels per point, transparent around the card.
    public func render(scale: Double) throws -> Surface {
        let size = canvasSize
        let surface = try Surface(width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
        let context = Context(surface)
        context.scale(scale, scale)
        try draw(in: context, resolution: scale)
        return surface
    }

    /// Draws the card with the canvas' top-left corner at the user-space origin.
    public func draw(in context: Context, resolution: Double) throws {
        let frame = Rect(x: Card.margin, y: Card.margin, width: width, height: height)
        try context.fillShadow(of: outline(frame: frame), bounds: Rect(x: frame.x, y: frame.y, width: frame.width,
                                                                         height: frame.height + (arrow ? Card.arrowSize.height : 0)),
                               color: theme.shadow, blur: Card.shadowBlur, offset: Card.shadowOffset, resolution: resolution)
        outline(frame: frame)(context)
        context.setColor(theme.background)
        context.fill()

        let titleLayout = try TextLayout(title, font: Card.titleFont)
        let rightToLeft = titleLayout.isRightToLeft
        var textArea = frame.insetBy(Card.padding)
        if case .none = thumbnail {} else {
            let side = frame.height - 2 * Card.padding
            let square = Rect(x: rightToLeft ? frame.maxX - Card.padding - side : frame.x + Card.padding,
                              y: frame.y + Card.padding, width: side, height: side)
            drawThumbnail(in: context, square: square)
            textArea.width -= side + Card.gap
            if !rightToLeft { textArea.x += side + Card.gap }
        }
        try drawText(in: context, area: textArea, title: titleLayout)
        try context.checkStatus("drawing card '\(title)'")
    }

    /// The card's rounded rectangle, with the callout arrow joined under its middle.
    private func outline(frame: Rect) -> (Context) -> Void {
        let arrow = self.arrow
        return { context in
            context.roundedRectangle(frame, radius: Card.cornerRadius)
            if arrow {
                let half = Card.arrowSize.width / 2
                context.move(to: Point(x: frame.midX - half, y: frame.maxY - 0.5))
                context.line(to: Point(x: frame.midX, y: frame.maxY + Card.arrowSize.height))
                context.line(to: Point(x: frame.midX + half, y: frame.maxY - 0.5))
                context.closePath()
            }
        }
    }

    private func drawThumbnail(in context: Context, square: Rect) {
        context.withSavedState {
            context.roundedRectangle(square, radius: Card.thumbnailRadius)
            context.clip()
            switch thumbnail {
            case .image(let image):
                context.drawCovering(image, in: square)
            case .placeholder, .none:
                drawPlaceholder(in: context, square: square)
            }
        }
    }

    /// A neutral tile with a simple landscape glyph: two hills and a sun.
    private func drawPlaceholder(in context: Context, square: Rect) {
        context.setColor(theme.placeholder)
        context.rectangle(square)
        context.fill()
        let s = square.width
        context.setColor(theme.placeholderGlyph)
        context.circle(center: Point(x: square.x + s * 0.68, y: square.y + s * 0.32), radius: s * 0.09)
        context.fill()
        context.move(to: Point(x: square.x + s * 0.12, y: square.y + s * 0.8))
        context.line(to: Point(x: square.x + s * 0.38, y: square.y + s * 0.45))
        context.line(to: Point(x: square.x + s * 0.56, y: square.y + s * 0.66))
        context.line(to: Point(x: square.x + s * 0.68, y: square.y + s * 0.55))
        context.line(to: Point(x: square.x + s * 0.88, y: square.y + s * 0.8))
        context.closePath()
        context.fill()
    }

    private func drawText(in context: Context, area: Rect, title titleLayout: TextLayout) throws {
        titleLayout.width = area.width
        titleLayout.maximumLines = 1
        var subtitleLayout: TextLayout?
        if let subtitle, !subtitle.isEmpty {
            let layout = try TextLayout(subtitle, font: Card.subtitleFont)
            layout.width = area.width
            layout.maximumLines = 2
            subtitleLayout = layout
        }
        let spacing = 2.0
        let titleHeight = titleLayout.logicalExtents.height
        let blockHeight = titleHeight + (subtitleLayout.map { spacing + $0.logicalExtents.height } ?? 0)
        let top = area.y + max(0, (area.height - blockHeight) / 2)
        titleLayout.draw(in: context, at: Point(x: area.x, y: top), color: theme.title)
        subtitleLayout?.draw(in: context, at: Point(x: area.x, y: top + titleHeight + spacing), color: theme.subtitle)
    }
}
