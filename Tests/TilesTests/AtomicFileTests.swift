import Foundation
import Testing
import Tiles

@Suite struct AtomicFileTests {
    @Test func writesAndReplacesWithoutLeavingTemporaries() throws {
        let directory = NSTemporaryDirectory() + "cairn-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try AtomicFile.write([1, 2, 3], to: directory + "/a.bin")
        try AtomicFile.write([4, 5], to: directory + "/a.bin")
        #expect(FileManager.default.contents(atPath: directory + "/a.bin") == Data([4, 5]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.bin"])
    }

    @Test func errorsNameThePath() {
        #expect(throws: StorageError("/nonexistent-dir/a.bin: No such file or directory", code: ENOENT)) {
            try AtomicFile.write([1], to: "/nonexistent-dir/a.bin")
        }
        #expect(throws: StorageError("/tmp: is a directory")) { try AtomicFile.write([1], to: "/tmp") }
    }

    @Test func devicesAreWrittenInPlace() throws {
        try AtomicFile.write([1, 2, 3], to: "/dev/null")
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }
}
