import Foundation

/// Messages on stderr and knowledge of whether stdout/stderr are terminals.
enum Terminal {
    static func error(_ message: String) { write("error: \(message)\n") }
    static func warning(_ message: String) { write("warning: \(message)\n") }
    static func info(_ message: String) { write(message + "\n") }

    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
