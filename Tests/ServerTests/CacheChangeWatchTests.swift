import Foundation
import Testing
@testable import CairnServer

/// A server's watch on `.cairn-changes` when someone else truncates, deletes or replaces the file
/// between two lookups: no lookup crashes (a mapping of the file would end the process with SIGBUS
/// at the first read past its new end), and the next change another process announces is seen.
@Suite struct CacheChangeWatchTests {
    private let root: String
    private var file: String { root + "/" + CacheChanges.fileName }

    init() throws {
        root = try temporaryDirectory()
    }

    /// A watch that compares the path with its open file at every lookup, as a running server does
    /// once a second.
    private func watch() -> CacheChangeWatch { CacheChangeWatch(root: root, interval: 0) }

    @Test func anAnnouncedChangeIsSeenOnceByTheNextLookup() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = watch()
        #expect(!watch.takeChange())
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        #expect(!watch.takeChange())
        CacheChanges.announce(root: root)
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        #expect(!watch.takeChange())
    }

    @Test func aChangeThisProcessMadeItselfIsNotSeenAsAnotherOne() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        CacheChanges.announce(root: root)
        let watch = watch()
        watch.adopt(try #require(CacheChanges.announce(root: root)))
        #expect(!watch.takeChange())
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
    }

    @Test(arguments: [0, 3, 7])
    func aTruncatedFileIsAChangeAndTheNextAnnouncementIsSeen(length: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        CacheChanges.announce(root: root)
        let watch = watch()
        #expect(truncate(file, off_t(length)) == 0)
        #expect(watch.takeChange(), "the stamp is gone")
        #expect(!watch.takeChange())
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        #expect(!watch.takeChange())
    }

    /// Truncated and announced again before any lookup: the new stamp is not the one seen before.
    @Test func anAnnouncementRightAfterATruncationIsSeen() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = watch()
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        #expect(truncate(file, 0) == 0)
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
    }

    @Test func aDeletedFileIsMadeAgainAndTheNextAnnouncementIsSeen() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        CacheChanges.announce(root: root)
        let watch = watch()
        try FileManager.default.removeItem(atPath: file)
        #expect(watch.takeChange(), "the file went away")
        #expect(FileManager.default.fileExists(atPath: file), "the watch makes it again")
        #expect(!watch.takeChange())
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        #expect(!watch.takeChange())
    }

    @Test func aDeletedFileThatAnAnnouncementMakesAgainIsSeen() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        CacheChanges.announce(root: root)
        let watch = watch()
        try FileManager.default.removeItem(atPath: file)
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        CacheChanges.announce(root: root)
        #expect(watch.takeChange())
        #expect(!watch.takeChange())
    }

    @Test func aReplacedFileIsReadInstead() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        CacheChanges.announce(root: root)
        let watch = watch()
        // Another file renamed over it, holding some other stamp.
        try Data(repeating: 0x5a, count: 8).write(to: URL(fileURLWithPath: root + "/replacement"))
        #expect(rename(root + "/replacement", file) == 0)
        #expect(watch.takeChange())
        #expect(!watch.takeChange())
        CacheChanges.announce(root: root)
        #expect(watch.takeChange(), "the change is read from the new file")
        #expect(!watch.takeChange())
    }

    /// The watch keeps the file it opened between two comparisons with the path: a deletion is
    /// seen at the first lookup once `interval` has passed, not before.
    @Test func thePathIsComparedAtMostOnceAnInterval() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        CacheChanges.announce(root: root)
        let watch = CacheChangeWatch(root: root, interval: 3600)
        try FileManager.default.removeItem(atPath: file)
        #expect(!watch.takeChange())
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func aCacheDirectoryWhereTheFileCannotBeMadeSeesNoChanges() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = CacheChangeWatch(root: root + "/missing", interval: 0)
        #expect(!watch.takeChange())
        #expect(!watch.takeChange())
        #expect(CacheChanges.announce(root: root + "/missing") == nil)
    }
}
