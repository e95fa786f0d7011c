import Foundation
import TestTier

/// A small disk for tests that fill one up for real: a tmpfs of `size` (`512k`, `2m`) mounted on a
/// new temporary directory, grown with ``resize(to:)`` to "free space", unmounted when released.
/// Mounting needs root (CI runs the tests as root); when it is not permitted, creating one throws
/// with the reason, so the test fails loudly rather than being skipped.
public final class SmallDisk {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The mount point.
    public let path: String

    public init(size: String) throws {
        try TestTier.requireProcesses("mount")
        path = NSTemporaryDirectory() + "cairn-small-disk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        do {
            try Self.mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    deinit {
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }

    /// Gives the disk a new size (tmpfs keeps its files): more room for the job to finish.
    public func resize(to size: String) throws {
        try Self.mount(["-o", "remount,size=\(size)", path])
    }

    /// Fills what is left with one file of zeros (`filler`), so the next write fails.
    public func fill() {
        let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        let zeros = [UInt8](repeating: 0, count: 65536)
        while zeros.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        close(fd)
    }

    /// Bytes still free.
    public var available: Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return 0 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    private static func mount(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["mount"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "mount \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus)): "
                          + "\(message.trimmingCharacters(in: .whitespacesAndNewlines)); these tests need root and mount (tmpfs), and do not skip")
        }
    }
}
