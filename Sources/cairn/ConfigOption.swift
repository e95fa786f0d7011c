import ArgumentParser
import CairnServer
import Foundation

/// `--config FILE`: the server's configuration, for the commands that work with what `serve`
/// serves (`serve`, `cache`). CAIRN_HOST, CAIRN_PORT and CAIRN_CACHE_DIR apply as they do to the server.
struct ConfigOption: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (the server's).", valueName: "FILE"))
    var config = "Samples/cairn.yml"

    /// The configuration, read and checked; a problem is a usage error naming the file.
    func load() throws -> ServerConfig {
        do {
            var settings = try ServerConfig.load(path: config)
            try settings.applyEnvironment(ProcessInfo.processInfo.environment)
            return settings
        } catch let error as ConfigError {
            throw CLIError.usage("\(config): \(error)")
        }
    }
}
