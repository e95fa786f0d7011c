import ArgumentParser
import ClusterOverlays
import Canvas
import Foundation

// The entry point: parse, run, and turn every failure into one `error:` line and a sysexits code
// (64 usage, 65 bad data, 74 I/O), never a crash or a stack trace.
Interruption.install()
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
