import ArgumentParser
import CairnServer
import Foundation

extension Cairn {
    /// `cairn sign URL (--config FILE | --keys-file FILE) [--expires 1h]`: a URL for a signed route.
    struct Sign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign a URL for the routes security.signing protects (docs/signed-urls.md).",
            discussion: """
                Prints URL with sig= appended (and exp= before it with --expires), signed with the first key of the \
                keys file: the one --keys-file names, or security.signing.keys_file of --config. URL is absolute \
                (http://host/path?query) or a path (/static/…), percent-encoded as clients will send it; the path \
                must be the one Cairn sees (behind a proxy that strips a prefix, without the prefix).
                """)

        @Argument(help: ArgumentHelp("The URL or path to sign.", valueName: "URL"))
        var url: String

        @Option(help: ArgumentHelp("The server's configuration, whose security.signing.keys_file signs.", valueName: "FILE"))
        var config: String?

        @Option(help: ArgumentHelp("The keys file (one key a line; the first signs).", valueName: "FILE"))
        var keysFile: String?

        @Option(help: ArgumentHelp("How long the URL stays valid: 90s, 15m, 1h, 7d.", valueName: "DURATION"))
        var expires: String?

        func validate() throws {
            guard (config == nil) != (keysFile == nil) else { throw ValidationError("give either --config or --keys-file") }
        }

        func run() async throws {
            let (origin, target) = try Self.split(url)
            let query = target.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
            let names = query.split(separator: "&").map { $0.prefix { $0 != "=" } }
            guard !names.contains("sig") else { throw CLIError.usage("\(url): the URL is signed already (it has sig=)") }
            var expiry: Int?
            if let expires {
                guard !names.contains("exp") else { throw CLIError.usage("\(url): the URL has exp= already; leave out --expires") }
                do {
                    let seconds = try ServerConfig.seconds(expires, name: "--expires", in: 1...(10 * 365 * 86400))
                    expiry = Int(Date().timeIntervalSince1970 + seconds.rounded(.up))
                } catch {
                    throw CLIError.usage(error.description)
                }
            }
            print(origin + URLSigner(keys: try keys()).sign(target, expires: expiry))
        }

        /// The signing keys: from --keys-file, or the configuration's keys file.
        private func keys() throws -> SigningKeys {
            if let keysFile {
                guard FileManager.default.isReadableFile(atPath: keysFile) else {
                    let reason = FileManager.default.fileExists(atPath: keysFile) ? "permission denied" : "no such file"
                    throw CLIError.io("\(keysFile): cannot read the keys file (\(reason))")
                }
                do {
                    let (keys, warning) = try SigningKeys.read(path: keysFile)
                    if let warning { Terminal.warning(warning) }
                    return keys
                } catch {
                    throw CLIError.data(error.description)
                }
            }
            let path = config ?? ""
            let settings: ServerConfig
            do { settings = try ServerConfig.load(path: path) } catch let error as ConfigError { throw CLIError.usage("\(path): \(error)") }
            guard let signing = settings.security.signing else {
                throw CLIError.usage("\(path): no security.signing: this server signs no URLs")
            }
            for warning in settings.warnings { Terminal.warning(warning) }
            return signing.keys
        }

        /// `http://host` (or `""` for a path) and the target `/path?query` of `url`, checked: no
        /// fragment, nothing a client would percent-encode.
        static func split(_ url: String) throws -> (origin: String, target: String) {
            if let bad = url.unicodeScalars.first(where: { !$0.isASCII || $0.value <= 0x20 || $0.value == 0x7F || "\"<>\\^`{|}".unicodeScalars.contains($0) }) {
                throw CLIError.usage("\(url): '\(bad)' is not sent as it is: give the URL percent-encoded, as clients send it")
            }
            guard !url.contains("#") else { throw CLIError.usage("\(url): a #fragment is not sent to the server: leave it out") }
            if url.hasPrefix("/") { return ("", url) }
            guard let scheme = url.range(of: "://"), ["http", "https"].contains(url[..<scheme.lowerBound].lowercased()) else {
                throw CLIError.usage("\(url): expected an http:// or https:// URL or a path starting with /")
            }
            guard let slash = url[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" }), url[slash] == "/" else {
                throw CLIError.usage("\(url): the URL has no path to sign")
            }
            return (String(url[..<slash]), String(url[slash...]))
        }
    }
}
