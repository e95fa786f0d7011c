import Foundation

/// Reads a command's input: a file, or stdin for `-`.
enum InputFile {
    /// The bytes of `path` (stdin for `-`). A file that cannot be read is an I/O error naming it:
    /// "PATH: cannot read[ the NOUN] (no such file | is a directory | permission denied)".
    static func read(_ path: String, noun: String? = nil) throws -> Data {
        try StandardInput.requireOpen(path, name: path == "-" ? "stdin" : path)
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let reason = !exists ? "no such file" : isDirectory.boolValue ? "is a directory" : "permission denied"
            throw CLIError.io("\(path): cannot read\(noun.map { " the \($0)" } ?? "") (\(reason))")
        }
        return data
    }
}
