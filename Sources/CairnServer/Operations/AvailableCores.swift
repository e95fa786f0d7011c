import Foundation

/// The cores this process may use: the online CPUs, capped by a cgroup v2 CPU limit (`cpu.max`,
/// what a container's `resources.limits.cpu` sets), so `render_workers: auto` matches the pod.
enum AvailableCores {
    static var count: Int {
        let online = ProcessInfo.processInfo.activeProcessorCount
        guard let text = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8) else { return online }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let quota = Double(parts[0]), let period = Double(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)),
              quota > 0, period > 0 else { return online }
        return max(1, min(online, Int((quota / period).rounded(.up))))
    }
}
