import Foundation
import Testing
import TestTier

@Suite(.process) struct FontsTests {
    @Test func cairnFontsVariableOverridesAndIsChecked() throws {
        let run = try Cairn.run(["badge", "5"], environment: ["CAIRN_FONTS": "/nonexistent-fonts"])
        #expect(run.status == 64)
        #expect(run.errorLines == ["error: fonts directory '/nonexistent-fonts' does not exist"])
    }

    @Test func bundledFontsAreUsedFromAnyWorkingDirectory() throws {
        let elsewhere = try Cairn.temporaryDirectory()
        let here = try Cairn.run(["badge", "42", "--scale", "2"], in: Cairn.repositoryRoot)
        let there = try Cairn.run(["badge", "42", "--scale", "2"], in: elsewhere)
        #expect(here.status == 0 && there.status == 0)
        #expect(here.stdout == there.stdout)
    }

    @Test func explicitFontsDirectoryGivesTheSameImage() throws {
        let copy = try Cairn.temporaryDirectory()
        for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: Cairn.repositoryRoot + "/Fonts/" + name, toPath: copy + "/" + name)
        }
        let bundled = try Cairn.run(["badge", "42"])
        let explicit = try Cairn.run(["badge", "42", "--fonts", copy])
        #expect(explicit.status == 0)
        #expect(explicit.stdout == bundled.stdout)
    }

    @Test func noFontconfigWarningsWithoutAWritableHome() throws {
        let run = try Cairn.run(["card", "--title", "東京タワー"],
                                environment: ["HOME": "/nonexistent-home", "XDG_CACHE_HOME": "/proc/forbidden"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
