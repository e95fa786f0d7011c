import Testing
import TestTier

/// `--quiet` is offered only by the commands that print a progress line or a summary it silences;
/// the commands that print nothing of the kind do not offer it.
@Suite(.process) struct QuietOptionTests {
    @Test(arguments: ["badges", "cards", "render", "convert", "clusters"]) func aCommandThatPrintsOffersIt(_ command: String) throws {
        let help = try Cairn.run([command, "--help"])
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("--quiet"))
    }

    @Test(arguments: ["badge", "card", "filter", "snapshot", "serve"]) func aCommandThatPrintsNothingDoesNot(_ command: String) throws {
        let help = try Cairn.run([command, "--help"])
        #expect(help.status == 0 && !String(decoding: help.stdout, as: UTF8.self).contains("--quiet"))
    }
}
