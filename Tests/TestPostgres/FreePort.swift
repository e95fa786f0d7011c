#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FreePort {
    /// A TCP port on 127.0.0.1 that was free a moment ago: the kernel's pick for port 0.
    static func pick() throws -> Int {
        let socket = try LoopbackSocket.bind()
        close(socket.descriptor)
        return socket.port
    }
}
