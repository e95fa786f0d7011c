import Foundation

/// The batch (seeding) job: every tile of a list made by a ``TileRecipe`` (fetched, then rendered)
/// and written to a sink, with a bounded number of tiles in flight. Fetches are async (many wait on
/// the network at once); rendering, encoding and writing run on a ``WorkerPool``. Memory stays
/// bounded whatever the job's size: the list is streamed and at most `inFlight` tiles exist at a
/// time. `cairn render` runs it with a ``SourceRecipe`` into files and archives; `cairn cache
/// seed` and the admin API's seed jobs with a server layer's recipe into the server's cache.
///
/// A tile that the source does not have is counted as "no tile"; one that cannot be fetched or
/// rendered is a failure with its reason, and the job goes on. A failure to write the output stops
/// the job (the disk is full, the directory went away): ``run(_:shouldStop:progress:)`` finishes the
/// tiles in flight and throws.
public struct BatchRender: Sendable {
    public let recipe: any TileRecipe
    public let sink: any TileSink
    public let workers: WorkerPool
    /// Skip tiles the sink already has.
    public let resume: Bool
    /// Tiles fetched, processed or written at once.
    public let inFlight: Int

    public init(recipe: any TileRecipe, sink: any TileSink, workers: WorkerPool, resume: Bool = false, inFlight: Int? = nil) {
        self.recipe = recipe
        self.sink = sink
        self.workers = workers
        self.resume = resume
        self.inFlight = max(1, inFlight ?? workers.threadCount * 4)
    }

    /// A ``SourceRecipe``'s job: `source`'s tiles (or `animation`'s) through `processor`.
    public init(source: any TileSource, processor: TileProcessor, sink: any TileSink, workers: WorkerPool,
                scale: Int = 1, resume: Bool = false, inFlight: Int? = nil, animation: AnimatedTiles? = nil) {
        self.init(recipe: SourceRecipe(source: source, processor: processor, scale: scale, animation: animation),
                  sink: sink, workers: workers, resume: resume, inFlight: inFlight)
    }

    /// Works through `tiles`. `shouldStop` is asked before each tile is started: once it says yes,
    /// the tiles in flight are finished and written, and the report says `interrupted`. `progress`
    /// hears about every tile as it finishes, on the caller's task.
    public func run(_ tiles: some Sequence<TileID>, shouldStop: @Sendable () -> Bool = { false },
                    progress: (TileID, TileOutcome) -> Void = { _, _ in }) async throws -> BatchReport {
        let start = DispatchTime.now()
        var report = BatchReport()
        var writeFailure: (any Error)?
        var iterator = tiles.makeIterator()
        await withTaskGroup(of: (TileID, Result<TileOutcome, SinkFailure>).self) { group in
            var running = 0
            var exhausted = false
            while true {
                while running < inFlight, !exhausted, writeFailure == nil {
                    // Asked again after next(): a tile that came while it waited (a streamed list) is not started after a stop.
                    guard !shouldStop(), let tile = iterator.next(), !shouldStop() else {
                        report.interrupted = shouldStop()
                        exhausted = true
                        break
                    }
                    if resume {
                        do {
                            if try sink.contains(tile) {
                                report.record(tile, .skipped)
                                progress(tile, .skipped)
                                continue
                            }
                        } catch {
                            writeFailure = error
                            break
                        }
                    }
                    group.addTask { (tile, await self.make(tile, with: self.recipe)) }
                    running += 1
                }
                guard let (tile, result) = await group.next() else { break }
                running -= 1
                switch result {
                case .success(let outcome):
                    report.record(tile, outcome)
                    progress(tile, outcome)
                case .failure(let failure):
                    writeFailure = writeFailure ?? failure.error
                }
            }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        if let writeFailure { throw writeFailure }
        return report
    }

    /// Fetches, renders and writes one tile.
    private func make<Recipe: TileRecipe>(_ tile: TileID, with recipe: Recipe) async -> Result<TileOutcome, SinkFailure> {
        do {
            guard let fetched = try await recipe.fetch(tile) else { return .success(.noTile) }
            let sink = self.sink
            return try await workers.run { () throws -> Result<TileOutcome, SinkFailure> in
                let rendered = try recipe.render(fetched, tile: tile)
                do {
                    try sink.write(tile, rendered: rendered)
                } catch {
                    return .failure(SinkFailure(error: error))
                }
                return .success(.rendered(bytes: rendered.bytes.count))
            }
        } catch {
            return .success(.failed(String(describing: error)))
        }
    }
}

/// A sink that could not store a tile: the job stops.
struct SinkFailure: Error {
    let error: any Error
}
