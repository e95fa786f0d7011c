import ClustersPostgres
import Logging
import Synchronization

/// A PostgreSQL dataset's change notices: one connection `LISTEN`s on the dataset's channel, and
/// each notification refreshes the dataset at once (notices during a refresh fold into one more).
/// A dropped connection (the server restarted, the network failed) is re-established with
/// ``Backoff`` (waiting on the dataset's clock), while the `refresh` schedule goes on; once
/// listening again the dataset is refreshed, since changes may have been missed meanwhile (and,
/// the first time, between the first load and the `LISTEN`).
struct DatasetListener: Sendable {
    let service: DatasetService
    let notifications: PostgresNotifications
    let metrics: ServerMetrics
    let logger: Logger

    /// Nil for a dataset that does not listen.
    init?(_ service: DatasetService, metrics: ServerMetrics, logger: Logger) {
        guard case .postgres(let query) = service.dataset.source,
              let notifications = PostgresNotifications(query, logger: logger) else { return nil }
        self.service = service
        self.notifications = notifications
        self.metrics = metrics
        self.logger = logger
    }

    /// Listens until the task is cancelled.
    func run() async {
        // Refreshes asked for by the listening connection; a run of them while one is under way is one.
        let (reasons, requests) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await reason in reasons { await service.refresh(reason: reason, whenBusy: .runAfter) }
            }
            await listen(requesting: requests)
            requests.finish()
        }
    }

    private func listen(requesting requests: AsyncStream<String>.Continuation) async {
        let name = service.dataset.name
        var backoff = Backoff()
        var dropped = false
        while !Task.isCancelled {
            let listened = Atomic(false)
            let again = dropped
            do throws(PostgresPointError) {
                try await notifications.listen {
                    listened.store(true, ordering: .relaxed)
                    metrics.datasetListening(name, true)
                    logger.log(level: again ? .notice : .info, again ? "dataset listening again; refreshing" : "dataset listening for changes",
                               metadata: ["dataset": "\(name)", "channel": "\(notifications.channel)", "server": "\(notifications.server)"])
                    requests.yield(again ? "reconnected" : "listening")
                } onNotification: { _ in
                    metrics.datasetNotified(name)
                    requests.yield("notification")
                }
                return  // cancelled
            } catch {
                let wasListening = listened.load(ordering: .relaxed)
                metrics.datasetListening(name, false)
                if wasListening { backoff.reset() }
                let delay = backoff.next()
                logger.warning(wasListening ? "dataset listening connection dropped; reconnecting" : "dataset cannot listen; retrying",
                               metadata: ["dataset": "\(name)", "channel": "\(notifications.channel)", "error": "\(error)", "retry_in": .stringConvertible(delay)])
                dropped = true
                do { try await service.clock.sleep(for: delay) } catch { return }
            }
        }
    }
}
