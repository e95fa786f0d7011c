import Foundation
import Testing
@testable import CairnServer

/// The log's buffered output (``LogOutput``): lines wait in a buffer for the writer thread, which
/// writes them when their time comes on its clock (here a ``TestClock``, so no test waits for
/// time to pass), when the buffer is full, and at shutdown; in order, none lost, and a descriptor
/// that refuses them neither stops nor blocks the threads that log.
@Suite struct LogOutputTests {
    @Test func linesWaitForTheirFlushTimeOnTheWritersClock() async throws {
        let (readEnd, writeEnd) = try Self.pipe()
        defer { close(readEnd) }
        let clock = TestClock()
        // An hour on the test's clock: only the clock can make it pass.
        let output = LogOutput(fileDescriptor: writeEnd, interval: .seconds(3600), clock: clock)
        defer {
            output.stop()
            close(writeEnd)
        }
        output.append(urgent: false) { $0.append(contentsOf: "first".utf8) }
        output.append(urgent: false) { $0.append(contentsOf: "second".utf8) }

        // The writer sleeps until the first line's hour is up: nothing written yet, and still nothing half-way.
        try await clock.threadWaits(1)
        #expect(Self.readable(readEnd) == false)
        clock.advance(by: 1800)
        try await clock.threadWaits(2)
        #expect(Self.readable(readEnd) == false)

        clock.advance(by: 1800)
        #expect(try Self.read(readEnd, count: 13) == "first\nsecond\n")
    }

    @Test func anUrgentLineIsWrittenAtOnceWithEverythingBeforeIt() throws {
        let (readEnd, writeEnd) = try Self.pipe()
        defer { close(readEnd) }
        let output = LogOutput(fileDescriptor: writeEnd, interval: .seconds(3600), clock: TestClock())
        defer {
            output.stop()
            close(writeEnd)
        }
        output.append(urgent: false) { $0.append(contentsOf: "request".utf8) }
        output.append(urgent: true) { $0.append(contentsOf: "listening".utf8) }
        #expect(try Self.read(readEnd, count: 18) == "request\nlistening\n")
    }

    @Test func stoppingWritesEveryLineStillBuffered() throws {
        let path = try temporaryDirectory() + "/log"
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        let output = LogOutput(fileDescriptor: file, interval: .seconds(3600), clock: TestClock())
        for number in 0..<100 {
            output.append(urgent: false) { $0.append(contentsOf: "line \(number)".utf8) }
        }
        output.stop()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == (0..<100).map { "line \($0)\n" }.joined())
        // After the stop a line is written at once.
        output.append(urgent: false) { $0.append(contentsOf: "late".utf8) }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("line 99\nlate\n"))
    }

    /// Eight threads log 2 000 lines each into a small buffer, so it fills again and again and the
    /// threads wait for the writer: after the stop, every line is in the file once, each thread's in its order.
    @Test func manyThreadsLoseNoLineAndKeepTheirOrder() throws {
        let path = try temporaryDirectory() + "/log"
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        let threads = 8, lines = 2_000
        let output = LogOutput(fileDescriptor: file, limit: 4 << 10, capacity: 16 << 10, interval: .seconds(3600), clock: TestClock())
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for number in 0..<lines {
                output.append(urgent: number % 500 == 499) { $0.append(contentsOf: "thread=\(thread) line=\(number)".utf8) }
            }
        }
        output.stop()

        let written = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(written.count == threads * lines)
        var next = [Int](repeating: 0, count: threads)
        for line in written {
            let match = try #require(line.wholeMatch(of: /thread=(\d+) line=(\d+)/), "not a line: \(line)")
            let thread = try #require(Int(match.1)), number = try #require(Int(match.2))
            #expect(number == next[thread], "thread \(thread): line \(number) where \(next[thread]) was due")
            next[thread] = number + 1
        }
        #expect(next == [Int](repeating: lines, count: threads))
        #expect(output.failedWrites == 0)
    }

    /// `/dev/full` refuses every write: each batch is counted as failed and dropped, and the threads
    /// that log go on (a full buffer included), as does the stop.
    @Test func aDescriptorThatRefusesWritesNeitherStopsNorBlocksLogging() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let output = LogOutput(fileDescriptor: full, limit: 1 << 10, capacity: 4 << 10, interval: .seconds(3600), clock: TestClock())
        for number in 0..<2_000 {
            output.append(urgent: false) { $0.append(contentsOf: "line \(number) of a log nobody can write".utf8) }
        }
        output.append(urgent: true) { $0.append(contentsOf: "urgent".utf8) }
        #expect(output.failedWrites >= 1)
        output.stop()
        let failed = output.failedWrites
        output.append(urgent: false) { $0.append(contentsOf: "after the stop".utf8) }
        #expect(output.failedWrites == failed + 1)
    }

    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    /// Whether `fd` has bytes to read right now.
    static func readable(_ fd: Int32) -> Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 1
    }

    /// `count` bytes from `fd` as text, waiting for them up to ten seconds in all (the writer thread
    /// writes them; a writer that never does fails the test rather than hanging it).
    static func read(_ fd: Int32, count: Int) throws -> String {
        var bytes = [UInt8](repeating: 0, count: count), got = 0
        while got < count {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            try #require(poll(&ready, 1, 10_000) == 1, "nothing more to read after \(got) bytes")
            let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, count - got) }
            try #require(read > 0)
            got += read
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
