import ArgumentParser

/// `cairn`: map marker images and tiles on Cairo.
struct Cairn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cairn",
        abstract: "Render map cluster badges, info-window cards and post-processed tiles.",
        discussion: """
            Exit codes: 0 success, 64 bad usage or arguments, 65 bad input data, 74 I/O failure.
            Fonts come from the bundled Fonts/ directory (override with --fonts or CAIRN_FONTS).
            """,
        version: "0.1.0",
        subcommands: [Badge.self, Badges.self, Card.self, Cards.self, Filter.self, Render.self, StaticMap.self, Clusters.self, GridTiles.self, HeatmapCommand.self, Serve.self, Convert.self,
                      Cache.self, Sign.self]
    )
}
