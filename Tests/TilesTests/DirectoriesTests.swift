import Foundation
import Testing
import Tiles

/// `Directories.make` as `mkdir -p`: missing levels made, existing ones accepted, a file in the
/// way refused.
@Suite struct DirectoriesTests {
    @Test func makesEveryMissingLevel() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let deep = root + "/a/b/c/d"
        #expect(Directories.make(deep))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: deep, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(Directories.make(deep), "an existing directory")
        #expect(Directories.make(root + "/a/b/e/"), "a trailing slash")
    }

    @Test func refusesAFileInTheWay() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data("x".utf8)))
        #expect(!Directories.make(root + "/file"))
        #expect(!Directories.make(root + "/file/below"))
        #expect(try String(contentsOfFile: root + "/file", encoding: .utf8) == "x")
    }
}
