import ArgumentParser
import CairnServer
import Foundation

/// `--config FILE`: the server's configuration, for the commands that work with what `serve`
/// serves (`serve`, `cache`). Without it, `CAIRN_CONFIG`, then `./cairn.yml`, then
/// `/etc/cairn/cairn.yml` (``ConfigFile``). CAIRN_HOST, CAIRN_PORT and CAIRN_CACHE_DIR apply as they do to the server.
struct ConfigOption: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (the server's); without it $CAIRN_CONFIG, else ./cairn.yml, else /etc/cairn/cairn.yml.",
                               valueName: "FILE"))
    var config: String?

    /// The file to read; none found is a usage error listing the places looked in.
    func locate() throws -> ConfigFile {
        let environment = ProcessInfo.processInfo.environment
        do {
            return try ConfigFile.locate(option: config, environment: environment, workingDirectory: FileManager.default.currentDirectoryPath)
        } catch {
            throw CLIError.usage("\(error)")
        }
    }

    /// The configuration `file` holds, read and checked; a problem is a usage error naming the file.
    func load(_ file: ConfigFile) throws -> ServerConfig {
        do {
            var settings = try ServerConfig.load(path: file.path)
            try settings.applyEnvironment(ProcessInfo.processInfo.environment)
            return settings
        } catch let error as ConfigError {
            throw CLIError.usage("\(file.path): \(error)")
        }
    }

    /// For the `cache` commands: the file found and its configuration; a file that was found rather
    /// than given with `--config` is named on stderr, as `serve` logs it: `config=PATH from=ORIGIN`.
    func loadSayingWhich() throws -> (file: ConfigFile, settings: ServerConfig) {
        let file = try locate()
        if file.origin != .option { Terminal.info("config=\(file.path) from=\(file.origin.rawValue)") }
        return (file, try load(file))
    }
}
