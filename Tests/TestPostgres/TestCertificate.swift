import Foundation

/// A self-signed TLS certificate for `127.0.0.1` and `localhost`, made with the `openssl` tool,
/// so a test server can offer TLS and a client can trust exactly that certificate.
struct TestCertificate {
    /// The certificate (PEM); it is its own certificate authority.
    let certificatePath: String
    /// The private key (PEM).
    let keyPath: String

    static func make(in directory: String) throws -> TestCertificate {
        let certificate = TestCertificate(
            certificatePath: "\(directory)/server.crt", keyPath: "\(directory)/server.key")
        let openssl = try CommandOutput.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", certificate.keyPath, "-out", certificate.certificatePath, "-days", "2",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ],
            in: directory)
        guard openssl.status == 0 else {
            throw TestPostgresError("cannot make a test certificate with openssl: \(openssl.combined)")
        }
        return certificate
    }
}
