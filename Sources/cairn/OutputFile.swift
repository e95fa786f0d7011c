import Foundation

/// Writes command output: to stdout for `-` (or no path), otherwise atomically to a file (a temporary
/// file in the same directory, renamed into place), so a failure never leaves a half-written file.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String?, binary: Bool) throws {
        guard let path, path != "-" else {
            if binary && Terminal.stdoutIsTerminal {
                throw CLIError.usage("refusing to write binary image data to a terminal; use -o FILE or redirect stdout")
            }
            guard writeAll(bytes, to: STDOUT_FILENO) else { throw CLIError.io("stdout: \(String(cString: strerror(errno)))") }
            return
        }
        try writeAtomically(bytes, to: path)
    }

    /// Writes `bytes` to `path` through a temporary file and `rename(2)`. A path that exists and is
    /// not a regular file (`/dev/null`, a FIFO) is written in place: renaming over it would replace it.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            guard (status.st_mode & S_IFMT) != S_IFDIR else { throw CLIError.io("\(path): is a directory") }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw CLIError.io("\(path): \(String(cString: strerror(errno)))")
            }
            do {
                try handle.write(contentsOf: bytes)
                try handle.close()
            } catch {
                throw CLIError.io("\(path): \(error.localizedDescription)")
            }
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard Interruption.begin(temporary) else { throw CLIError.io("\(path): interrupted") }
        defer { Interruption.end(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CLIError.io("\(path): \(String(cString: strerror(errno)))") }
        let ok = writeAll(bytes, to: fd)
        let writeError = errno
        guard ok, close(fd) == 0 else {
            unlink(temporary)
            throw CLIError.io("\(path): \(String(cString: strerror(ok ? errno : writeError)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError.io("\(path): \(reason)")
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

    /// Writes every byte to a file descriptor, retrying short writes and EINTR.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var written = 0
            while written < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                written += n
            }
            return true
        }
    }
}
