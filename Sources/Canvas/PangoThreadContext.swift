import CCairo
import Foundation

/// One Pango font map and context per thread: Pango objects are not thread-safe, and cards and
/// badges render on several threads at once. Each uses the shared private fontconfig configuration.
final class PangoThreadContext {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    let fontsDirectory: String

    private init(configured: FontLibrary.Configured) {
        fontMap = pango_cairo_font_map_new()
        pango_fc_font_map_set_config(OpaquePointer(fontMap), configured.config)
        context = pango_font_map_create_context(fontMap)
        // Unhinted outlines and metrics, unrounded positions: the same layout at every scale and on every machine.
        let options = cairo_font_options_create()!
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        fontsDirectory = configured.directory
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    nonisolated(unsafe) private static var key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            Unmanaged<PangoThreadContext>.fromOpaque(pointer!).release()
        }
        return key
    }()

    /// The calling thread's context, made on first use (and remade if the fonts were reconfigured).
    static func current() throws(CanvasError) -> PangoThreadContext {
        let configured = try FontLibrary.current()
        if let raw = pthread_getspecific(key) {
            let existing = Unmanaged<PangoThreadContext>.fromOpaque(raw).takeUnretainedValue()
            if existing.fontsDirectory == configured.directory { return existing }
            Unmanaged<PangoThreadContext>.fromOpaque(raw).release()
        }
        let made = PangoThreadContext(configured: configured)
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }
}
