import Tiles

extension TileListFile {
    /// Opens `--tiles PATH` for a command, every problem as its `error:` line (``cliError(_:)``).
    /// Ctrl-C or SIGTERM ends its reading at once: a silent producer cannot hold the job.
    static func open(_ path: String, zooms: ClosedRange<Int>?, shard: Shard = .whole) throws(CLIError) -> TileListFile {
        try StandardInput.requireOpen(path, name: "--tiles \(path == "-" ? "stdin" : path)")
        let file: TileListFile
        do {
            file = try TileListFile(path: path, zooms: zooms, shard: shard)
        } catch {
            throw cliError(error)
        }
        Interruption.whenStopping { file.stopReading() }
        return file
    }

    /// The `error:` line for a problem with `--tiles`: exit 65 for a bad line
    /// (`--tiles FILE:LINE: 'a/b/c' is not z/x/y`), 74 when the list could not be opened or read.
    static func cliError(_ problem: Invalid) -> CLIError {
        problem.line == nil ? .io("--tiles \(problem)") : .data("--tiles \(problem)")
    }

    /// Prints `warning: --tiles FILE: no tiles …` with the reason when the list had lines but none
    /// gave a tile (all comments, none at the chosen zooms or in the shard). Not silenced by
    /// `--quiet`: it is about the input, not the progress.
    func warnIfNoTiles() {
        if let reason = noTilesReason { Terminal.warning("--tiles \(name): \(reason)") }
    }
}
