import Foundation

/// The configuration file `cairn serve` and `cairn cache` read, and where it was found: `--config FILE`
/// when given, else `$CAIRN_CONFIG`, else `cairn.yml` in the working directory, else the system file
/// (`/etc/cairn/cairn.yml`). The first place that names a file wins: a `--config` or `CAIRN_CONFIG`
/// naming a missing file is that file's error, not a reason to look further.
public struct ConfigFile: Equatable, Sendable {
    /// Which of the places gave the file; the raw value is what `cairn` prints (`from=CAIRN_CONFIG`).
    public enum Origin: String, Sendable {
        case option = "--config"
        case environment = "CAIRN_CONFIG"
        case workingDirectory = "working-directory"
        case system
    }

    /// The system-wide configuration, the last place looked in.
    public static let systemPath = "/etc/cairn/cairn.yml"
    /// The file's name in the working directory.
    public static let workingDirectoryName = "cairn.yml"

    /// The file to read, as given (`--config`, `CAIRN_CONFIG`) or as found (absolute).
    public let path: String
    public let origin: Origin

    public init(path: String, origin: Origin) {
        self.path = path
        self.origin = origin
    }

    /// Finds the file: `option` (the `--config` value) first, then `CAIRN_CONFIG` in `environment`, then
    /// ``workingDirectoryName`` in `workingDirectory`, then `systemPath`. Throws a ``ConfigError`` listing
    /// the places when none has a file.
    public static func locate(option: String?, environment: [String: String], workingDirectory: String,
                              systemPath: String = systemPath) throws(ConfigError) -> ConfigFile {
        if let option { return ConfigFile(path: option, origin: .option) }
        if let named = environment["CAIRN_CONFIG"], !named.isEmpty { return ConfigFile(path: named, origin: .environment) }
        let local = (workingDirectory as NSString).appendingPathComponent(workingDirectoryName)
        if FileManager.default.fileExists(atPath: local) { return ConfigFile(path: local, origin: .workingDirectory) }
        if FileManager.default.fileExists(atPath: systemPath) { return ConfigFile(path: systemPath, origin: .system) }
        throw ConfigError("", "no configuration file: no --config FILE, CAIRN_CONFIG is not set, "
                          + "and neither \(local) nor \(systemPath) exists")
    }
}
