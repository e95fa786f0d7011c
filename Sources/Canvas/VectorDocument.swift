import CCairo

/// One-page SVG or PDF documents drawn with the same ``Context`` calls as raster images, for
/// designers and print.
public enum VectorDocument {
    public enum Format: String, Sendable, CaseIterable { case svg, pdf }

    /// Draws one page of `size` (points) and returns the encoded document.
    public static func render(
        _ format: Format, size: Size, draw: (Context) throws -> Void
    ) throws -> [UInt8] {
        let sink = ByteSink()
        try sink.withWriteFunction { write, closure in
            let surface: OpaquePointer = switch format {
            case .svg: cairo_svg_surface_create_for_stream(write, closure, size.width, size.height)
            case .pdf: cairo_pdf_surface_create_for_stream(write, closure, size.width, size.height)
            }
            defer { cairo_surface_destroy(surface) }
            try check(cairo_surface_status(surface), "creating \(format.rawValue) surface")
            if format == .svg { cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT) }
            do {
                let context = Context(cairoSurface: surface, owner: nil)
                try draw(context)
                try context.checkStatus("drawing \(format.rawValue)")
            }
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), "writing \(format.rawValue)")
        }
        return sink.bytes
    }
}
