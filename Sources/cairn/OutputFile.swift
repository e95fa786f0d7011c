import Codecs
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

    /// The format the extension of `-o PATH` names (`parse` reads it, lower-cased); nil for stdout
    /// or a name without an extension. An extension that names no format the command writes is a
    /// usage error listing them (`names`), so a `.gif` never gets PNG bytes.
    static func format<Format>(of path: String?, names: String, _ parse: (String) -> Format?) throws(CLIError) -> Format? {
        guard let path, path != "-" else { return nil }
        let pathExtension = (path as NSString).pathExtension.lowercased()
        guard !pathExtension.isEmpty else { return nil }
        guard let format = parse(pathExtension) else {
            throw CLIError.usage("-o \(path): .\(pathExtension) is not a format this command writes (\(names))")
        }
        return format
    }

    /// The raster format `-o PATH` names: png, jpg/jpeg or webp (see ``format(of:names:_:)``).
    static func imageFormat(of path: String?) throws(CLIError) -> ImageFormat? {
        try format(of: path, names: ".png, .jpg, .jpeg, .webp", ImageFormat.init(fileExtension:))
    }

    /// Checks that `path`, given where tiles go (`render --out`, `convert`'s output) and not naming
    /// an archive, can be taken for a directory: a name with an extension (`x.zip`) is refused rather
    /// than made a directory, unless it is one already or ends with `/`.
    static func requireTileDirectory(_ path: String, option: String) throws(CLIError) {
        let pathExtension = (path as NSString).pathExtension
        var isDirectory: ObjCBool = false
        guard !pathExtension.isEmpty, !path.hasSuffix("/"),
              !(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) else { return }
        throw CLIError.usage("\(option)\(path): .\(pathExtension) is not a tile output (a directory, FILE.mbtiles or FILE.pmtiles; a directory whose name has a dot is written DIR.NAME/)")
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
