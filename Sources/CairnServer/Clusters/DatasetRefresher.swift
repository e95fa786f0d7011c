import Foundation
import ServiceLifecycle

/// The datasets' scheduled job as a service of the server: each dataset watches its source
/// (a database every `refresh`, a file for changes), a database with a `listen` channel also
/// hears its change notices (``DatasetListener``), and SIGHUP re-reads them all at once. Ends
/// with the server.
struct DatasetRefresher: Service, CustomStringConvertible {
    let server: CairnServer

    /// What ServiceLifecycle logs for it: not the server and its configuration (sources' URLs and
    /// headers may hold keys).
    var description: String { "DatasetRefresher" }

    func run() async throws {
        guard !server.services.clusters.datasets.isEmpty else { return }
        let hangups = HangupSignal()
        defer { hangups.stop() }
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await server.watchDatasets() }
                group.addTask {
                    for await _ in hangups.signals { await server.refreshDatasets() }
                }
                await group.waitForAll()
            }
        }
    }
}

extension CairnServer {
    /// Runs each dataset's schedule (``DatasetService/watch()``) and, for a database with a
    /// `listen` channel, its change notices (``DatasetListener``), until the task is cancelled.
    func watchDatasets() async {
        await withTaskGroup(of: Void.self) { group in
            for dataset in services.clusters.datasets.values {
                group.addTask { await dataset.watch() }
                if let listener = DatasetListener(dataset, metrics: services.metrics, logger: logger) {
                    group.addTask { await listener.run() }
                }
            }
        }
    }
}

/// SIGHUP as an async sequence (a dispatch source; the signal's default action, ending the
/// process, is turned off while it is watched).
final class HangupSignal: Sendable {
    let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private nonisolated(unsafe) let source: DispatchSourceSignal

    init() {
        (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        signal(SIGHUP, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        let continuation = self.continuation
        source.setEventHandler { continuation.yield() }
        source.resume()
    }

    func stop() {
        source.cancel()
        continuation.finish()
    }
}
