/// libpq's `sslmode`: whether and how the connection uses TLS.
enum SSLMode: String, Sendable, CaseIterable {
    /// Plain TCP.
    case disable
    /// TLS when the server offers it, else plain TCP; the certificate is not checked.
    case prefer
    /// TLS or no connection; the certificate is not checked.
    case require
    /// TLS with a certificate signed by a trusted authority (`sslrootcert`, else the system's).
    case verifyCA = "verify-ca"
    /// As `verify-ca`, and the certificate must name the host.
    case verifyFull = "verify-full"
}
