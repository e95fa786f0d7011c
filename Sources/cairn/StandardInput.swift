#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Standard input as the commands that read `-` find it. A shell's `<&-` starts the process with
/// descriptor 0 closed; the first file or event descriptor opened afterwards would then take number 0
/// and be read as the input (Foundation's `FileHandle.standardInput` traps on it). ``claim()`` runs
/// first thing: it notes that the input is closed and parks `/dev/null` on descriptor 0, so that
/// number stays unused, and every command that reads `-` asks ``requireOpen(_:)`` first.
enum StandardInput {
    nonisolated(unsafe) private static var closedAtStart = false

    /// Notes whether descriptor 0 is open. Call once, before anything opens a descriptor.
    static func claim() {
        guard fcntl(0, F_GETFD) == -1, errno == EBADF else { return }
        closedAtStart = true
        _ = open("/dev/null", O_RDONLY)
    }

    /// Throws an I/O error naming the input (`name`, e.g. `stdin` or `--tiles stdin`) when `path`
    /// is standard input (`-` or `/dev/stdin`) and it was closed: "NAME: cannot read (stdin is closed)".
    static func requireOpen(_ path: String, name: String) throws(CLIError) {
        if closedAtStart, path == "-" || path == "/dev/stdin" { throw CLIError.io("\(name): cannot read (stdin is closed)") }
    }
}
