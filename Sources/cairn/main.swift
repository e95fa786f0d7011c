import ArgumentParser
import CMalloc
import ClusterOverlays
import Canvas
import Foundation

// The entry point: parse, run, and turn every failure into one `error:` line and a sysexits code
// (64 usage, 65 bad data, 74 I/O), never a crash or a stack trace.
Interruption.install()
// Blocks of 4 MB and more (a tile batch's buffers, a cluster index's tables, the arrays of each
// level while one is built) are mapped on their own and given back to the system when freed.
// glibc would otherwise raise this threshold after the first such block is freed and serve the
// next ones from its heap, which keeps freed memory: 1M points clustered peaked at 150 MB
// instead of 139 MB, and a server refreshing a dataset keeps its peak.
mallopt(M_MMAP_THRESHOLD, 4 << 20)
ClustersRenderer.register()
do {
    var command = try Cairn.parseAsRoot()
    if let asyncCommand = command as? AsyncCommand {
        try await asyncCommand.runAsync()
    } else {
        try command.run()
    }
} catch let error as CLIError {
    Interruption.exitIfStopping()
    Terminal.error(error.message)
    exit(error.kind.exitCode)
} catch let error as CanvasError {
    Terminal.error(error.description)
    exit(CLIError.Kind.usage.exitCode)
} catch {
    let code = Cairn.exitCode(for: error)
    if code == .success || error is CleanExit {
        Cairn.exit(withError: error)
    }
    let message = Cairn.message(for: error)
        .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .joined(separator: "; ")
    // ArgumentParser capitalises its sentences ("Missing expected argument"); our lines start lower-case.
    let startsWithWord = message.count > 1 && message.dropFirst().first!.isLowercase
    Terminal.error(startsWithWord ? message.prefix(1).lowercased() + message.dropFirst() : message)
    exit(code == .validationFailure ? CLIError.Kind.usage.exitCode : code.rawValue)
}
