/// A chain that cannot be built: an unknown renderer or parameter, or a bad value. The description
/// says what is valid. The CLI reports it as a usage error (exit 64).
public struct ChainError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
