import Testing
import TestUpstream

/// One `cairn serve` for a whole suite (``Testing/Trait/sharedServer(_:)``), with the test upstream
/// it fetches from when it has one: started before the suite's first test, stopped after its last
/// one (the server by its process id). A test reads the server from ``ServerProcess/shared()``;
/// tests that run at once must not disturb each other (each asks for its own layer, badge, path or
/// connection), or the suite is `.serialized`.
struct SharedServer: SuiteTrait, TestScoping {
    let start: @Sendable () throws -> (server: ServerProcess, upstream: TestUpstream?)

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let (server, upstream) = try start()
        defer {
            server.kill()
            upstream?.stop()
        }
        try await ServerProcess.$current.withValue(server, operation: function)
    }
}

extension Trait where Self == SharedServer {
    /// The suite's tests share the server `start` starts.
    static func sharedServer(_ start: @escaping @Sendable () throws -> ServerProcess) -> Self {
        SharedServer { (try start(), nil) }
    }

    /// The suite's tests share a server started with the configuration `config` makes for an upstream
    /// answering with `handler`.
    static func sharedServer(upstream handler: @escaping TestUpstream.Handler,
                             config: @escaping @Sendable (TestUpstream) -> String) -> Self {
        SharedServer {
            let upstream = try TestUpstream(handler: handler)
            do {
                return (try ServerProcess(config: config(upstream)), upstream)
            } catch {
                upstream.stop()
                throw error
            }
        }
    }
}

extension ServerProcess {
    /// The server of the running suite's ``SharedServer`` trait, if it has one.
    @TaskLocal static var current: ServerProcess?

    /// The running suite's shared server; fails the test when its suite has none.
    static func shared(sourceLocation: SourceLocation = #_sourceLocation) throws -> ServerProcess {
        try #require(current, "the suite has no .sharedServer trait", sourceLocation: sourceLocation)
    }
}
