import ClusterOverlays
import Clusters
import ClustersPostgres
import Foundation
import Logging
import Markers
import Synchronization
import Tiles

/// One cluster dataset as the server holds it: the index of its latest good read, swapped whole
/// for a new one when a refresh succeeds, so a request always sees one complete index and never
/// waits for a rebuild. A refresh that fails keeps the index being served, logs why and counts it.
final class DatasetService: Sendable {
    /// What a request reads: the index and the version that names it in cache keys and ETags.
    struct Snapshot: Sendable {
        let index: ClusterIndex
        /// Changes whenever the points or the clustering options change.
        let version: String
        let loadedAt: Date
        /// The indexes of the points that query filters match, built as they are asked for.
        let filtered: FilteredIndexes
    }

    let dataset: ServerConfig.Dataset
    let overlay: ClusterOverlay
    /// The time of day of its loads (`Last-Modified`) and the waits of its schedule.
    let clock: any WallClock
    private let metrics: ServerMetrics
    private let logger: Logger
    private let current = Mutex<Snapshot?>(nil)
    /// What the file looked like when it was last read: a change triggers a reload.
    private let fileStamp = Mutex<FileStamp?>(nil)
    /// One refresh at a time; change notices that come during one fold into one more after it.
    private let gate = RefreshGate()

    init(dataset: ServerConfig.Dataset, style: BadgeStyle, metrics: ServerMetrics, logger: Logger, clock: any WallClock) throws {
        self.dataset = dataset
        self.clock = clock
        let categories = dataset.categories == nil ? nil : dataset.parts.map { look in
            CategoryStyle(look: look, colors: dataset.categoryColors, other: dataset.otherColor)
        }
        overlay = try ClusterOverlay(style: style, label: dataset.label, marker: dataset.marker, categories: categories)
        self.metrics = metrics
        self.logger = logger
    }

    /// The index being served; nil before the first load.
    var snapshot: Snapshot? { current.withLock { $0 } }

    /// The served index's version alone (what a memory-tier lookup names its key by), nil before
    /// the first load: read without copying the snapshot, whose references the event loops would
    /// otherwise retain and release for every hit.
    var version: String? { current.withLock { $0?.version } }

    /// Reads and indexes the dataset, then serves the new index. Throws (keeping what is served)
    /// when the source cannot be read or, unless `skip_invalid`, has invalid records.
    func load() async throws(DatasetLoadError) {
        let timer = ContinuousClock()
        let started = timer.now
        defer { metrics.datasetLoadTimed(dataset.name, duration: timer.now - started) }
        let (points, invalid) = try await read()
        if !invalid.isEmpty {
            guard dataset.skipInvalid else {
                throw DatasetLoadError(dataset: dataset.name, problem: invalid.count == 1 ? invalid[0].description
                    : "\(invalid[0].description) (and \(invalid.count - 1) more invalid records; skip_invalid: true leaves them out)")
            }
            for record in invalid.prefix(20) {
                logger.warning("invalid record left out", metadata: ["dataset": "\(dataset.name)", "record": "\(record)"])
            }
        }
        let (index, version) = try await Self.index(points, of: dataset)
        let changed = current.withLock { current -> Bool in
            let changed = current?.version != version
            // An unchanged re-read keeps the filtered indexes built so far: they are still true.
            let filtered = current.flatMap { changed ? nil : $0.filtered }
                ?? FilteredIndexes(limits: dataset.filterCache) { [metrics, name = dataset.name] in metrics.filterBuilt(name, since: $0) }
            current = Snapshot(index: index, version: version, loadedAt: Date(timeIntervalSince1970: clock.now()), filtered: filtered)
            return changed
        }
        // The trees of the levels the build did not need are made here, behind the requests, rather
        // than by the first request at each such zoom (on a thread of its own, as the build); then
        // the build's scratch memory goes back to the system.
        NamedThread.start("cairn-levels") {
            index.prepareLevels()
            FreedMemory.giveBack()
        }
        metrics.datasetLoaded(dataset.name, points: index.pointCount)
        let elapsed = timer.now - started
        logger.info("dataset loaded", metadata: [
            "dataset": "\(dataset.name)", "points": .stringConvertible(index.pointCount), "clusters": .stringConvertible(index.clusterTotal),
            "invalid": .stringConvertible(invalid.count), "version": "\(version)", "changed": .stringConvertible(changed),
            "duration": .stringConvertible(elapsed),
        ])
    }

    /// The index of `points` and the version that names it, built on every core from a thread of
    /// its own (``Offload``): a million points take seconds, which must hold neither Swift's
    /// cooperative pool (it answers the requests) nor the render workers.
    private static func index(_ points: PointSet, of dataset: ServerConfig.Dataset) async throws(DatasetLoadError) -> (ClusterIndex, String) {
        try await Offload.run { () throws(DatasetLoadError) -> (ClusterIndex, String) in
            let index: ClusterIndex
            do {
                index = try ClusterIndex.build(points: points, options: dataset.cluster, aggregates: dataset.aggregates,
                                               categories: dataset.categories, filter: dataset.filter,
                                               threads: ProcessInfo.processInfo.activeProcessorCount)
            } catch {
                throw DatasetLoadError(dataset: dataset.name, problem: "\(error)")
            }
            let identity = "\(dataset.cluster)|\(dataset.aggregates)|\(dataset.categories.map { "\($0)" } ?? "")|\(dataset.filter?.normalized ?? "")"
            return (index, ETag.of(Array("\(identity)|\(points.fingerprint)".utf8)).filter { $0 != "\"" })
        }
    }

    private func read() async throws(DatasetLoadError) -> (PointSet, [InvalidPoint]) {
        let result: PointReadResult
        switch dataset.source {
        case .file(let path, let options):
            do {
                result = try await SettledFile(path: path).read { stamp in
                    // The file as this attempt found it: a bad file fails once, not at every check, until it changes again.
                    fileStamp.withLock { $0 = stamp }
                } _: { () async throws(PointReadError) in
                    // Off the cooperative pool, as the index.
                    try await Offload.run { () throws(PointReadError) in try PointReader.read(path: path, options: options) }
                }
            } catch {
                throw DatasetLoadError(dataset: dataset.name, problem: error.description, io: error.isUnreadable)
            }
        case .postgres(let query):
            do {
                // The rows are decoded into points off the cooperative pool, as a file is read.
                result = try await Offload.run { [logger, name = dataset.name] () async throws(PostgresPointError) in
                    try await PostgresPointSource(query, name: name, logger: logger).read()
                }
            } catch {
                throw DatasetLoadError(dataset: dataset.name, problem: error.description, io: true)
            }
        }
        return (result.points, result.invalid)
    }

    /// Reloads, keeping the index being served when that fails (logged, counted). A refresh asked
    /// for while another runs is skipped (`.skip`: the file check or the schedule sees later
    /// changes) or runs once more after it (`.runAfter`, for change notices: however many come
    /// during a run, they make one more).
    func refresh(reason: String, whenBusy: RefreshGate.WhenBusy = .skip) async {
        let ran = await gate.run(reason: reason, whenBusy: whenBusy) { reason in await reloadKeepingLastGood(reason: reason) }
        if !ran {
            logger.debug("dataset refresh asked for while one is under way", metadata: [
                "dataset": "\(dataset.name)", "reason": "\(reason)", "then": "\(whenBusy == .skip ? "skipped" : "runs after it")",
            ])
        }
    }

    /// Re-reads now (`POST /admin/datasets/{name}/refresh`): the load's error when it failed (the
    /// previous index is still served), nil when it ran; `queued` when a refresh was under way, so
    /// that this one runs right after it.
    func refreshNow(reason: String) async -> (queued: Bool, failure: DatasetLoadError?) {
        var failure: DatasetLoadError?
        let ran = await gate.run(reason: reason, whenBusy: .runAfter) { reason in failure = await reloadKeepingLastGood(reason: reason) }
        return (!ran, failure)
    }

    @discardableResult
    private func reloadKeepingLastGood(reason: String) async -> DatasetLoadError? {
        do {
            try await load()
            return nil
        } catch {
            metrics.datasetRefreshFailed(dataset.name)
            logger.error("dataset refresh failed; still serving the previous index",
                         metadata: ["dataset": "\(dataset.name)", "reason": "\(reason)", "error": "\(error)"])
            return error
        }
    }

    /// The scheduled job: a database is re-read every `refresh` seconds, a file when it changed
    /// (checked every `refresh` seconds), the seconds counted by ``clock``. Ends when the task is
    /// cancelled.
    func watch() async {
        while !Task.isCancelled {
            do { try await clock.sleep(for: .milliseconds(Int64(dataset.refresh * 1000))) } catch { return }
            switch dataset.source {
            case .postgres:
                await refresh(reason: "schedule")
            case .file:
                if FileStamp(dataset.source) != fileStamp.withLock({ $0 }) { await refresh(reason: "file changed") }
            }
        }
    }
}

/// A dataset that could not be loaded.
public struct DatasetLoadError: Error, Sendable, CustomStringConvertible {
    public let dataset: String
    public let problem: String
    /// True when reading failed (I/O, the database), false when the data was bad.
    public var io = false

    public var description: String { "datasets.\(dataset): \(problem)" }
}

extension PointReadError {
    var isUnreadable: Bool {
        if case .unreadable = self { true } else { false }
    }
}
