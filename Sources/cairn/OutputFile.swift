import Foundation
import Tiles

/// Writes command output: to stdout for `-` (or no path), otherwise whole or not at all to a file
/// (`AtomicFile`), so a failure never leaves a half-written file.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String?, binary: Bool) throws {
        guard let path, path != "-" else {
            if binary && Terminal.stdoutIsTerminal {
                throw CLIError.usage("refusing to write binary image data to a terminal; use -o FILE or redirect stdout")
            }
            guard AtomicFile.writeAll(bytes, to: STDOUT_FILENO) else { throw CLIError.io("stdout: \(String(cString: strerror(errno)))") }
            return
        }
        try writeAtomically(bytes, to: path)
    }

    /// Writes `bytes` to `path` whole or not at all (see `AtomicFile`).
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw CLIError.io(error.description)
        }
    }

    /// Creates `path` and its parents when missing.
    static func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError.io("\(path): cannot create directory (\((error as NSError).localizedDescription))")
        }
    }
}
