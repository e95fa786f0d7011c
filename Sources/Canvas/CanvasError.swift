import CCairo

/// Errors raised by the Canvas layer. Every Cairo status that is not `SUCCESS` becomes one of these.
public enum CanvasError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Cairo reported a failure; `operation` names the call, `reason` is Cairo's own text.
    case cairo(operation: String, reason: String)
    /// A width or height that Cairo cannot hold (zero, negative or over 32767).
    case invalidSize(width: Int, height: Int)
    /// A colour string that is neither `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()/rgba()` nor a CSS name.
    case invalidColor(String)
    /// The font directory given with `--fonts` / `CAIRN_FONTS` could not be used.
    case fonts(String)

    public var description: String {
        switch self {
        case .cairo(let operation, let reason): return "\(operation) failed: \(reason)"
        case .invalidSize(let width, let height): return "invalid surface size \(width)x\(height)"
        case .invalidColor(let text): return "invalid colour '\(text)' (expected #rgb, #rrggbb, #rrggbbaa, rgb()/rgba() or a CSS colour name)"
        case .fonts(let reason): return reason
        }
    }
}

/// Throws when a Cairo status is not success.
@inline(__always)
func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(CanvasError) {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw .cairo(operation: operation(), reason: String(cString: cairo_status_to_string(status)))
    }
}
