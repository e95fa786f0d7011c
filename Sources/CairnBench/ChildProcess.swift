import Foundation

/// Runs a command and reports its wall time and peak resident memory. The peak is the child's own
/// `VmHWM`, sampled from /proc while it runs: `wait4`'s `ru_maxrss` would include this benchmark's
/// memory, which the kernel carries into a child started with `posix_spawn` (vfork) until exec.
/// The child's stderr goes to /dev/null; its stdout to the file `stdout` when given, else ours.
struct ChildProcess {
    let wallSeconds: Double
    let peakMegabytes: Double
    /// The exit code, or 128 + the signal that ended the child (as a shell reports it).
    let status: Int32

    static func run(_ executable: String, _ arguments: [String], stdout: String? = nil) -> ChildProcess {
        var pid = pid_t()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let stdout { posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            return ChildProcess(wallSeconds: 0, peakMegabytes: 0, status: -1)
        }
        var status: Int32 = 0
        var peakKilobytes = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            peakKilobytes = max(peakKilobytes, highWaterMark(pid))
            usleep(2_000)
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildProcess(wallSeconds: wall, peakMegabytes: Double(peakKilobytes) / 1024, status: code)
    }

    /// `VmHWM` of a running process in kB (0 once it is gone).
    private static func highWaterMark(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
