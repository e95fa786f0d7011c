/// Why a point file cannot be read at all (as opposed to the single bad records a
/// `PointReadResult` lists). Its description is the text of the CLI's `error:` line.
public enum PointReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read: `cities.csv: No such file or directory`.
    case unreadable(path: String, reason: String)
    /// The file is not in a readable form, described with its place:
    /// `cities.geojson:3:17: expected ',' or ']' after an array element`,
    /// `stores.csv:1: no longitude column in the header (…)`.
    case malformed(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .malformed(let message): message
        }
    }

    /// The exit code a command-line tool reports it with: 74 (I/O error) or 65 (bad input data).
    public var exitCode: Int32 {
        switch self {
        case .unreadable: 74
        case .malformed: 65
        }
    }
}
