import Foundation

/// Threads under names the system shows (`top -H`, `ps -L`, `/proc/PID/task/*/comm`, perf, gdb).
/// On Linux, Foundation's `Thread.name` stays inside Foundation, set before or after the start, so
/// every thread Cairn started carried the name of the thread that started it (the render workers
/// showed as `oot.default-qos`, a cut `com.apple.root.default-qos`).
public enum NamedThread {
    /// The longest name Linux keeps, in bytes; longer ones are cut to it.
    public static let maximumLength = 15

    /// Starts `body` on a new thread named `name`.
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            nameCurrent(name)
            body()
        }
        thread.name = name
        thread.start()
    }

    /// Names the calling thread (cut to ``maximumLength`` bytes, at a character boundary), by
    /// writing its `comm` as `pthread_setname_np` does (which Swift's Glibc module does not export).
    public static func nameCurrent(_ name: String) {
        var cut = Substring(name)
        while cut.utf8.count > maximumLength { cut.removeLast() }
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = Array(cut.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
