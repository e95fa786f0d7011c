import ArgumentParser
import ClusterOverlays
import Canvas
import Foundation

// The entry point: parse, run, and turn every failure into one `error:` line and a sysexits code
// (64 usage, 65 bad data, 74 I/O), never a crash or a stack trace.
StandardInput.claim()
Interruption.install()
ClustersRenderer.register()
HeatmapRenderer.register()
do {
    let command = try await Cairn.asyncParseAsRoot()
    Allocator.tune(for: command)
    try await run(command)
} catch let error as CLIError {
    Interruption.exitIfStopping()
    Terminal.error(error.message)
    exit(error.kind.exitCode)
} catch let error as OptionValueError {
    Terminal.error(error.message)
    exit(CLIError.Kind.usage.exitCode)
} catch let error as CanvasError {
    Terminal.error(error.description)
    exit(CLIError.Kind.usage.exitCode)
} catch {
    let code = Cairn.exitCode(for: error)
    if code == .success || error is CleanExit {
        Cairn.exit(withError: error)
    }
    // A mistyped subcommand or a negative number: the cause, not ArgumentParser's view of its consequence.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let mistake = ArgumentMistakes.unknownSubcommand(in: arguments, of: Cairn.self) ?? ArgumentMistakes.negativeNumber(in: arguments) {
        Terminal.error(mistake)
        exit(CLIError.Kind.usage.exitCode)
    }
    // An option's value that is not one (`--zoom 3-1`): the option and why, as every other problem is told.
    if let problem = OptionValueError.underlying(error) {
        Terminal.error(problem.message)
        exit(CLIError.Kind.usage.exitCode)
    }
    let message = Cairn.message(for: error)
        .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .joined(separator: "; ")
    // ArgumentParser capitalises its sentences ("Missing expected argument"); our lines start lower-case.
    let startsWithWord = message.count > 1 && message.dropFirst().first!.isLowercase
    Terminal.error(startsWithWord ? message.prefix(1).lowercased() + message.dropFirst() : message)
    exit(code == .validationFailure ? CLIError.Kind.usage.exitCode : code.rawValue)
}

/// Runs `command` (every command is an `AsyncParsableCommand`; the built-in help and version ones
/// are not). In a function rather than in the top-level code, where the call would resolve to
/// `ParsableCommand`'s synchronous `run()`, which only prints the help.
func run(_ command: any ParsableCommand) async throws {
    if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
    } else {
        var command = command
        try command.run()
    }
}
