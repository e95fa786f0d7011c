import Testing
import TestTier

/// An option's value that its grammar refuses is told as one line naming the option and why, the
/// reason found through ArgumentParser's public report of the error (exit 64).
@Suite(.process) struct OptionValueMessageTests {
    @Test(arguments: [
        (["render", "--source", "none", "--bbox=-10,35,30,60", "--zoom", "3-1", "--out", "o"], "error: --zoom: '3-1' must satisfy 0 ≤ A ≤ B ≤ 30"),
        (["snapshot", "--source", "none", "--bbox=1,2,3,4", "--size", "10x10y", "-o", "x.png"],
         "error: --size: the size is WIDTHxHEIGHT in whole points, like 600x400"),
    ]) func aRefusedValueIsOneLineNamingTheOption(_ arguments: [String], _ line: String) throws {
        let directory = try Cairn.temporaryDirectory()
        let run = try Cairn.run(arguments, in: directory)
        #expect(run.status == 64)
        #expect(run.errorLines == [line], "\(run.stderr)")
    }
}
