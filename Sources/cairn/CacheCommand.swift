import ArgumentParser
import CairnServer
import Foundation
import Tiles

extension Cairn {
    /// `cairn cache stats|clear|purge|seed --config FILE`: the server's disk cache, seen and changed
    /// from the command line — also while the server runs (it is told, and forgets what went).
    struct Cache: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "See, seed, purge and clear the server's disk cache.",
            discussion: """
                Every subcommand reads the server's configuration: --config FILE, else $CAIRN_CONFIG, else ./cairn.yml,
                else /etc/cairn/cairn.yml; one found rather than given is named on stderr (config=PATH from=…).
                CAIRN_CACHE_DIR applies.
                A running server sharing the directory is told of purges, clears and seeds: it forgets its memory tier and
                re-counts the directory, so a purged tile is a miss on its next request.
                Examples:
                  cairn cache stats --config cairn.yml
                  cairn cache purge --config cairn.yml --layer osm --bbox 5.9,45.8,10.5,47.8 --zoom 10-14
                  cairn cache purge --config cairn.yml --layer osm --older-than 7d
                  cairn cache seed --config cairn.yml --layer osm --bbox 5.9,45.8,10.5,47.8 --zoom 0-12
                  cairn cache clear --config cairn.yml --layer osm --badges
                """,
            subcommands: [CacheStatsCommand.self, CacheClearCommand.self, CachePurgeCommand.self, CacheSeedCommand.self])
    }
}

/// `cairn cache stats [--json]`.
struct CacheStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Entries, bytes, oldest and newest entry per layer, dataset, badges and cards, and the share of cache.max_size.")

    @Flag(help: "Print the statistics as JSON (what GET /admin/cache answers).")
    var json = false

    @OptionGroup var configFile: ConfigOption

    func run() async throws {
        let directory = CacheDirectory(config: try configFile.loadSayingWhich().settings)
        // A typo in cache.dir or CAIRN_CACHE_DIR would otherwise look like an empty cache.
        if !FileManager.default.fileExists(atPath: directory.root) { Terminal.warning("\(directory.root): no cache directory (yet)") }
        let stats = directory.stats()
        if json {
            try JSONOutput.print(stats.json)
        } else {
            print(CacheStatsTable(stats).text)
        }
    }
}

/// `cairn cache clear [--layer NAME…] [--dataset NAME…] [--badges] [--cards]`.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove every cached entry, or those of the named layers, datasets, badges or cards.")

    @Option(help: ArgumentHelp("A layer to clear (its tiles, animation frames and static maps); repeatable.", valueName: "NAME"))
    var layer: [String] = []

    @Option(help: ArgumentHelp("A cluster dataset to clear (its vector and overlay tiles); repeatable.", valueName: "NAME"))
    var dataset: [String] = []

    @Flag(help: "Clear the badges.")
    var badges = false

    @Flag(help: "Clear the cards.")
    var cards = false

    @OptionGroup var configFile: ConfigOption
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let directory = CacheDirectory(config: try configFile.loadSayingWhich().settings)
        var groups = try layer.map { name throws -> CacheGroup in
            guard directory.layout.layers.contains(name) else { throw CacheCommandError.unknown("--layer", "layer", name, directory.layout.layers) }
            return .layer(name)
        }
        groups += try dataset.map { name throws -> CacheGroup in
            guard directory.layout.datasets.contains(name) else { throw CacheCommandError.unknown("--dataset", "dataset", name, directory.layout.datasets) }
            return .dataset(name)
        }
        if badges { groups.append(.badges) }
        if cards { groups.append(.cards) }
        let removal = directory.clear(groups.isEmpty ? nil : groups)
        CacheChanges.announce(root: directory.root)
        if !global.quiet {
            let what = groups.isEmpty ? "the whole cache" : groups.map(\.description).joined(separator: ", ")
            Terminal.info("cleared \(what): \(removal.tiles) entries, \(ByteCount.format(Double(removal.bytes)))")
        }
    }
}

/// `cairn cache purge --layer NAME [--bbox W,S,E,N] [--zoom A-B] [--older-than 7d]`.
struct CachePurgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Remove a layer's cached tiles in a region, zooms and age (every scale, format and animation frame).",
        discussion: "Prints what it removed: the tiles and bytes, and the tiles per zoom.")

    @Option(help: ArgumentHelp("The layer (or, with --dataset, leave out).", valueName: "NAME"))
    var layer: String?

    @Option(help: ArgumentHelp("A cluster dataset instead of a layer: its vector and overlay tiles.", valueName: "NAME"))
    var dataset: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Only tiles overlapping this region, in degrees.", valueName: "W,S,E,N"))
    var bbox: String?

    @Option(help: ArgumentHelp("Only tiles at these zooms.", valueName: "A-B"))
    var zoom: String?

    @Option(name: .customLong("older-than"), help: ArgumentHelp("Only tiles stored longer ago than this (90m, 12h, 7d).", valueName: "AGE"))
    var olderThan: String?

    @OptionGroup var configFile: ConfigOption
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (layer == nil) != (dataset == nil) else { throw ValidationError("give --layer NAME or --dataset NAME") }
    }

    func run() async throws {
        let directory = CacheDirectory(config: try configFile.loadSayingWhich().settings)
        let group: CacheGroup
        if let layer {
            guard directory.layout.layers.contains(layer) else { throw CacheCommandError.unknown("--layer", "layer", layer, directory.layout.layers) }
            group = .layer(layer)
        } else {
            guard directory.layout.datasets.contains(dataset!) else {
                throw CacheCommandError.unknown("--dataset", "dataset", dataset!, directory.layout.datasets)
            }
            group = .dataset(dataset!)
        }
        let purge: CachePurge
        do {
            purge = try CachePurge(group: group, bbox: bbox, zoom: zoom, olderThan: olderThan)
        } catch {
            throw CLIError.usage("--\(error)")
        }
        let removal = directory.purge(purge)
        CacheChanges.announce(root: directory.root)
        if !global.quiet {
            let zooms = removal.perZoom.keys.sorted().map { "z=\($0) \(removal.perZoom[$0]!)" }
            Terminal.info("purged \(removal.tiles) tiles of \(group), \(ByteCount.format(Double(removal.bytes)))"
                          + (zooms.isEmpty ? "" : ": " + zooms.joined(separator: ", ")))
        }
    }
}

/// The errors the cache commands share.
enum CacheCommandError {
    /// A name the configuration does not have, with those it has.
    static func unknown(_ option: String, _ kind: String, _ name: String, _ known: Set<String>) -> CLIError {
        let list = known.isEmpty ? "none configured" : "known: " + known.sorted().joined(separator: ", ")
        return CLIError.usage("\(option): no \(kind) '\(name.prefix(64))' in the configuration (\(list))")
    }
}
