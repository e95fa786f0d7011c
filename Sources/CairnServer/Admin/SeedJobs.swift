import Foundation
import Synchronization

/// The admin API's seed jobs: at most one per layer at a time, each a task filling the disk cache,
/// kept (finished ones too, the last 100) so `GET /admin/jobs/{id}` can report them.
final class SeedJobs: Sendable {
    /// One job: its plan, its counts, and how it ended.
    final class Job: Sendable {
        let id: String
        let plan: SeedPlan
        let progress: SeedProgress
        let started = Date()
        private let state = Mutex<(finished: Date?, cancelled: Bool, task: Task<Void, Never>?)>((nil, false, nil))

        init(id: String, plan: SeedPlan) {
            self.id = id
            self.plan = plan
            progress = SeedProgress(total: plan.tiles.count)
        }

        var isRunning: Bool { state.withLock { $0.finished == nil } }

        func cancel() {
            let task = state.withLock { state -> Task<Void, Never>? in
                if state.finished == nil { state.cancelled = true }
                return state.task
            }
            task?.cancel()
        }

        fileprivate func attach(_ task: Task<Void, Never>) { state.withLock { $0.task = task } }
        fileprivate func finish() { state.withLock { $0.finished = Date() } }

        /// What `GET /admin/jobs/{id}` answers.
        var json: [String: Any] {
            let (finished, cancelled, _) = state.withLock { $0 }
            let counts = progress.counts
            var fields: [String: Any] = [
                "id": id, "layer": plan.layer, "state": finished == nil ? "running" : cancelled ? "cancelled" : "done",
                "total": progress.total, "done": counts.done, "stored": counts.stored, "kept": counts.kept,
                "absent": counts.absent, "failed": counts.failed, "bytes": counts.bytes,
                "started": CacheStats.timestamp(started.timeIntervalSince1970),
                "finished": finished.map { CacheStats.timestamp($0.timeIntervalSince1970) } ?? NSNull(),
            ]
            fields["first_failure"] = counts.firstFailure ?? NSNull()
            return fields
        }
    }

    private let jobs = Mutex<[Job]>([])
    private static let kept = 100

    /// Starts `run` as the job for `plan`, or throws 409 when its layer has one running.
    func start(_ plan: SeedPlan, run: @escaping @Sendable (Job) async -> Void) throws(ServeError) -> Job {
        let job = Job(id: UUID().uuidString.lowercased(), plan: plan)
        let busy = jobs.withLock { jobs -> Job? in
            if let running = jobs.first(where: { $0.plan.layer == plan.layer && $0.isRunning }) { return running }
            jobs.append(job)
            if jobs.count > Self.kept, let index = jobs.firstIndex(where: { !$0.isRunning }) { jobs.remove(at: index) }
            return nil
        }
        if let busy { throw .conflict("layer '\(plan.layer)' has a seed running: /admin/jobs/\(busy.id)") }
        job.attach(Task {
            await run(job)
            job.finish()
        })
        return job
    }

    func job(_ id: String) -> Job? { jobs.withLock { $0.first { $0.id == id } } }

    var all: [Job] { jobs.withLock { $0 } }
}
