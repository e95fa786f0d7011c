#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket bound to a port the kernel picked on 127.0.0.1. Its owner closes ``descriptor``.
struct LoopbackSocket {
    let descriptor: Int32
    let port: Int

    /// Opens a socket and binds it to 127.0.0.1, port 0 (the kernel's pick).
    static func bind() throws -> LoopbackSocket {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw TestPostgresError("cannot open a socket on 127.0.0.1") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                #if canImport(Glibc)
                Glibc.bind(descriptor, socketAddress, length) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
                #else
                Darwin.bind(descriptor, socketAddress, length) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
                #endif
            }
        }
        guard bound else {
            close(descriptor)
            throw TestPostgresError("cannot bind a socket on 127.0.0.1")
        }
        return LoopbackSocket(descriptor: descriptor, port: Int(UInt16(bigEndian: address.sin_port)))
    }
}
