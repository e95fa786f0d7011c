import Tiles

/// A failure the CLI reports as one `error:` line with a sysexits code.
struct CLIError: Error, CustomStringConvertible {
    enum Kind {
        /// Bad usage or arguments: exit 64 (EX_USAGE).
        case usage
        /// Bad input data (undecodable image, bad manifest line): exit 65 (EX_DATAERR).
        case data
        /// Reading or writing files failed: exit 74 (EX_IOERR).
        case io

        var exitCode: Int32 {
            switch self {
            case .usage: 64
            case .data: 65
            case .io: 74
            }
        }
    }

    let kind: Kind
    let message: String

    static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, message: message) }
    static func data(_ message: String) -> CLIError { CLIError(kind: .data, message: message) }
    static func io(_ message: String) -> CLIError { CLIError(kind: .io, message: message) }

    /// A PMTiles archive that is corrupt (exit 65) or could not be read or written (exit 74).
    static func archive(_ error: PMTilesError) -> CLIError { CLIError(kind: error.kind == .corrupt ? .data : .io, message: error.message) }

    var description: String { message }
}
