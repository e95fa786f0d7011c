import ArgumentParser
import Foundation
import Tiles

/// The options of an HTTP source (`cairn render`): timeouts, retries, identity, limits.
struct HTTPSourceArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds for one request, to the last byte.", valueName: "S"))
    var timeout = HTTPSourceOptions().timeout

    @Option(help: ArgumentHelp("Seconds to connect.", valueName: "S"))
    var connectTimeout = HTTPSourceOptions().connectTimeout

    @Option(help: ArgumentHelp("Further attempts after a 5xx, 429, timeout or dropped connection.", valueName: "N"))
    var retries = HTTPSourceOptions().retries

    @Option(help: ArgumentHelp("Connections per host.", valueName: "N"))
    var connections = HTTPSourceOptions().connectionsPerHost

    @Option(help: ArgumentHelp("The User-Agent to send (tile servers' policies ask for one naming your app).", valueName: "UA"))
    var userAgent = HTTPSourceOptions().userAgent

    @Option(name: .customLong("header"), help: ArgumentHelp("An extra request header, 'Name: value' (repeatable).", valueName: "HEADER"))
    var headers: [String] = []

    @Option(help: ArgumentHelp("Subdomains for {s}, comma-separated.", valueName: "LIST"))
    var subdomains = "a,b,c"

    @Option(help: ArgumentHelp("Largest tile body accepted, in bytes.", valueName: "BYTES"))
    var maxTileBytes = HTTPSourceOptions().maximumBodyBytes

    func validate() throws {
        if timeout <= 0 || connectTimeout <= 0 { throw ValidationError("--timeout and --connect-timeout must be positive") }
        if retries < 0 { throw ValidationError("--retries must be 0 or more (got \(retries))") }
        if connections < 1 { throw ValidationError("--connections must be at least 1 (got \(connections))") }
        if maxTileBytes < 1 { throw ValidationError("--max-tile-bytes must be positive") }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header '\(header)' is not 'Name: value'")
        }
    }

    /// The subdomains list for `{s}`.
    var subdomainList: [String] { subdomains.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }

    /// The options as the source takes them.
    var options: HTTPSourceOptions {
        var options = HTTPSourceOptions()
        options.timeout = timeout
        options.connectTimeout = connectTimeout
        options.retries = retries
        options.connectionsPerHost = connections
        options.userAgent = userAgent
        options.maximumBodyBytes = maxTileBytes
        for header in headers {
            let parts = header.split(separator: ":", maxSplits: 1)
            options.headers[String(parts[0]).trimmingCharacters(in: .whitespaces)] =
                String(parts[1]).trimmingCharacters(in: .whitespaces)
        }
        return options
    }
}
