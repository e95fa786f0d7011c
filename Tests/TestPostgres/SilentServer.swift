#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 that takes TCP connections (the kernel completes them) and never says a
/// word: a client's connect succeeds and its first read waits forever, as with a hung server
/// behind a load balancer. Closed when the value is released.
public final class SilentServer: Sendable {
    /// Where it listens.
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let socket = try LoopbackSocket.bind()
        guard listen(socket.descriptor, 128) == 0 else {
            close(socket.descriptor)
            throw TestPostgresError("cannot listen on 127.0.0.1:\(socket.port)")
        }
        port = socket.port
        descriptor = socket.descriptor
    }

    deinit {
        close(descriptor)
    }
}
