import Foundation

/// The batch (seeding) job: every tile of a list fetched from a source, run through a processor
/// and written to a sink, with a bounded number of tiles in flight. Fetches are async (many wait on
/// the network at once); decoding, rendering, encoding and writing run on a ``WorkerPool`` sized to
/// the cores. Memory stays bounded whatever the job's size: the list is streamed and at most
/// `inFlight` tiles exist at a time.
///
/// A tile that the source does not have is counted as "no tile"; one that cannot be fetched or
/// decoded is a failure with its reason, and the job goes on. A failure to write the output stops
/// the job (the disk is full, the directory went away): ``run(_:shouldStop:progress:)`` finishes the
/// tiles in flight and throws.
public struct BatchRender: Sendable {
    public let source: any TileSource
    public let processor: TileProcessor
    public let sink: any TileSink
    public let workers: WorkerPool
    /// 1, or 2 for @2x tiles from templates with `{r}` / `{scale}`.
    public let scale: Int
    /// Skip tiles the sink already has.
    public let resume: Bool
    /// Tiles fetched, processed or written at once.
    public let inFlight: Int
    /// Animated tiles instead of `source`'s: one source per frame, each frame through the chain.
    public let animation: AnimatedTiles?

    public init(source: any TileSource, processor: TileProcessor, sink: any TileSink, workers: WorkerPool,
                scale: Int = 1, resume: Bool = false, inFlight: Int? = nil, animation: AnimatedTiles? = nil) {
        self.animation = animation
        self.source = source
        self.processor = processor
        self.sink = sink
        self.workers = workers
        self.scale = scale
        self.resume = resume
        self.inFlight = max(1, inFlight ?? workers.threadCount * 4)
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
                    if shouldStop() { report.interrupted = true; exhausted = true; break }
                    guard let tile = iterator.next() else { exhausted = true; break }
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
                    group.addTask { (tile, await self.make(tile)) }
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

    /// Fetches, processes and writes one tile (every frame of it, for an animation).
    private func make(_ tile: TileID) async -> Result<TileOutcome, SinkFailure> {
        do {
            let produce: @Sendable () throws -> [UInt8]
            let processor = self.processor, sink = self.sink
            if let animation {
                let frames = try await animation.fetch(tile, scale: scale)
                guard frames.contains(where: { $0 != nil }) else { return .success(.noTile) }
                produce = { try animation.encode(frames, tile: tile, processor: processor) }
            } else {
                guard let image = try await source.tile(tile, scale: scale) else { return .success(.noTile) }
                produce = { try processor.process(image, tile: tile).bytes }
            }
            let result = try await workers.run { () throws -> Result<TileOutcome, SinkFailure> in
                let bytes = try produce()
                do {
                    try sink.write(tile, data: bytes)
                } catch {
                    return .failure(SinkFailure(error: error))
                }
                return .success(.rendered(bytes: bytes.count))
            }
            return result
        } catch {
            return .success(.failed(String(describing: error)))
        }
    }
}

/// A sink that could not store a tile: the job stops.
struct SinkFailure: Error {
    let error: any Error
}
