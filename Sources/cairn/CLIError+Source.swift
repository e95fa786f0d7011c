import Foundation
import Tiles

extension CLIError {
    /// The error for a tile source or archive at `location` that could not be opened, by one rule
    /// wherever it is named (`render`/`snapshot --source`, a `filter` or `convert` input): a file or
    /// directory that is missing or cannot be read is I/O (74), an archive whose contents are not
    /// one is bad data (65), a location that is not a source at all (a template without a scheme)
    /// bad usage (64). `option` (`--source`) is put in front of the message when given.
    static func source(_ error: any Error, location: String, option: String? = nil) -> CLIError {
        if let error = error as? CLIError { return error }
        let prefix = option.map { "\($0): " } ?? ""
        if let error = error as? PMTilesError {
            let archive = CLIError.archive(error)
            return CLIError(kind: archive.kind, message: prefix + archive.message)
        }
        let message = "\(error)".contains(location) ? "\(error)" : "\(location): \(error)"
        if location.contains("://") || location.contains("{") { return .usage(prefix + message) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
            return .io("\(prefix)\(location): no such file or directory")
        }
        if isDirectory.boolValue, ArchiveInput.isArchive(location) { return .io("\(prefix)\(location): is a directory, not an archive") }
        guard FileManager.default.isReadableFile(atPath: location) else { return .io("\(prefix)\(location): permission denied") }
        return error is StorageError ? .data(prefix + message) : .usage(prefix + message)
    }
}
