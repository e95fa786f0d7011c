import Foundation

/// Runs a command and reports its wall time and peak resident memory (from `wait4`'s rusage).
struct ChildProcess {
    let wallSeconds: Double
    let peakMegabytes: Double
    let status: Int32

    static func run(_ executable: String, _ arguments: [String]) -> ChildProcess {
        var pid = pid_t()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            return ChildProcess(wallSeconds: 0, peakMegabytes: 0, status: -1)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return ChildProcess(wallSeconds: wall, peakMegabytes: Double(usage.ru_maxrss) / 1024, status: (status >> 8) & 0xFF)
    }
}
