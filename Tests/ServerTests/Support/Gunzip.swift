import Foundation
import Testing
import TestTier

/// `gzip -dc` of `bytes`: an independent decoder for the server's gzipped answers.
func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    try TestTier.requireProcesses("gzip")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "gzip -dc failed")
    return Array(data)
}
