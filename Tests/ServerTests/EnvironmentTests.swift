import Foundation
import Testing
import TestTier

/// `CAIRN_HOST` and `CAIRN_PORT` choose the address when the command line does not; `--host` and
/// `--port` beat them.
@Suite(.process) struct EnvironmentTests {
    /// A loopback port nobody listens on right now (bound, read and released).
    private func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func theEnvironmentChoosesHostAndPort() throws {
        let port = try freePort()
        // No --host/--port: the configuration says 0.0.0.0:8080, the environment wins over it.
        let server = try ServerProcess(config: "server: {host: 0.0.0.0, port: 8080}\n",
                                       environment: ["CAIRN_HOST": "127.0.0.1", "CAIRN_PORT": String(port)], address: [])
        #expect(server.port == port)
        #expect(try server.request("/health").status == 200)
    }

    @Test func theCommandLineBeatsTheEnvironment() throws {
        let port = try freePort()
        // ServerProcess waits for `url=http://127.0.0.1:…`: it starts only if --host beat CAIRN_HOST.
        let server = try ServerProcess(config: "layers: {}\n", environment: ["CAIRN_HOST": "0.0.0.0", "CAIRN_PORT": String(port)],
                                       address: ["--host", "127.0.0.1", "--port", "0"])
        #expect(server.port != port)
        #expect(try server.request("/health").status == 200)
    }
}
