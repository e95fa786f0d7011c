import Foundation
import Tiles

/// Runs a planned `cairn render`: the job, the progress line, the failure list, the summary and
/// the exit status (0 only when no tile failed; 65 when some did; 74 when the output could not be
/// written; 130/143 after Ctrl-C or SIGTERM, with every finished tile kept for `--resume`).
///
/// A tile list read from a stream (a pipe, stdin) is checked as it is read: a bad line stops the
/// job as Ctrl-C does (the tiles in flight are finished and the output committed, so `--resume`
/// goes on once the list is fixed), then it is reported with its line number (exit 65; 74 when
/// the list could not be read).
struct RenderRun {
    let plan: RenderPlan
    let command: Cairn.Render

    /// Failures printed on stderr; all of them go to `--failures FILE`.
    static let listedFailures = 50

    func run() async throws {
        let sink = try await plan.openSink(resume: command.resume)
        let failureLog = try command.failures.map(FailureLog.init(path:))
        let workers = WorkerPool(threads: command.jobs)
        defer { workers.shutdown() }
        let inFlight = command.primarySource.hasPrefix("http") ? max(command.jobs * 4, command.http.connections * 4) : command.jobs * 4
        let job = BatchRender(source: plan.source, processor: plan.processor, sink: sink, workers: workers,
                              scale: plan.scale, resume: command.resume, inFlight: inFlight, animation: plan.animation)
        let progress = Progress(total: plan.file?.isStream == true ? nil : plan.list.count, noun: "tiles", quiet: command.global.quiet)
        Interruption.stopCooperatively()
        let report: BatchReport
        do {
            report = try await job.run(plan.list, shouldStop: { Interruption.isStopping }) { tile, outcome in
                progress.advance()
                if case .failed(let reason) = outcome { failureLog?.add(tile, reason) }
            }
        } catch {
            try? failureLog?.close()
            throw outputFailure(error)
        }
        let listProblem = plan.file?.problem
        do {
            // After the run, a stream's counts are known too (those read); an archive sink fits the
            // zooms and bounds to the tiles it holds.
            try sink.finish(describing: description(zooms: plan.list.countsPerZoom().map(\.zoom)))
        } catch {
            throw outputFailure(error)
        }
        try failureLog?.close()
        progress.finish(summary(report, stoppedBy: listProblem))
        plan.file?.warnIfNoTiles()
        for failure in report.failures.prefix(Self.listedFailures) {
            Terminal.info("failed \(failure.tile): \(failure.reason)")
        }
        if report.failed > Self.listedFailures {
            Terminal.info("… and \(report.failed - Self.listedFailures) more failures" +
                          (command.failures == nil ? " (--failures FILE lists them all)" : " (all in \(command.failures!))"))
        }
        Interruption.exitIfStopping()
        if let listProblem { throw TileListFile.cliError(listProblem) }
        if report.failed > 0 {
            throw CLIError.data("\(report.failed) of \(report.done) tiles failed")
        }
    }

    /// The output could not be written (exit 74): the error names the file, the output's name
    /// is put in front only when it does not already.
    private func outputFailure(_ error: any Error) -> CLIError {
        let reason = "\(error)"
        return CLIError.io(reason.hasPrefix(plan.outputName) ? reason : "\(plan.outputName): \(reason)")
    }

    private func summary(_ report: BatchReport, stoppedBy listProblem: TileListFile.Invalid?) -> String {
        var ending = report.interrupted ? "; interrupted, --resume finishes the job" : ""
        if let listProblem {
            ending = listProblem.line.map { "; stopped at line \($0) of the list" } ?? "; stopped: the list could not be read"
        }
        return String(format: "rendered %d tiles to %@ in %.2f s (%.0f tiles/s); %d no tile, %d skipped, %d failed%@",
                      report.rendered, plan.outputName, report.seconds, report.tilesPerSecond,
                      report.noTile, report.skipped, report.failed, ending)
    }

    private func description(zooms: [Int]) -> TilesetDescription {
        let name = command.name ?? ((plan.outputName as NSString).lastPathComponent as NSString).deletingPathExtension
        return TilesetDescription(name: name, format: plan.format.fileExtension, bounds: plan.region,
                                  minZoom: zooms.min(), maxZoom: zooms.max(), kind: .baselayer,
                                  description: "Rendered by cairn" + (command.chain.isEmpty ? "" : " with '\(command.chain)'"))
    }
}

/// `--failures FILE`: failed tiles as `z/x/y  # reason` lines, written as they happen to a
/// temporary file that is renamed into place at the end.
final class FailureLog: @unchecked Sendable {
    private let path: String
    private let temporary: String
    private let handle: FileHandle

    init(path: String) throws {
        self.path = path
        temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
            throw CLIError.io("--failures \(path): cannot create the file")
        }
        self.handle = handle
    }

    func add(_ tile: TileID, _ reason: String) {
        let line = "\(tile)  # \(reason.replacingOccurrences(of: "\n", with: " "))\n"
        handle.write(Data(line.utf8))
    }

    func close() throws {
        try? handle.close()
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CLIError.io("--failures \(path): \(String(cString: strerror(errno)))")
        }
    }
}
