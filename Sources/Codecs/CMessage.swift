internal import CCodecs

/// A fixed-size buffer a C shim writes its failure message into.
struct CMessage {
    private var bytes = [CChar](repeating: 0, count: Int(CCODECS_MESSAGE_SIZE))

    /// Passes the buffer and its size to a C call.
    mutating func withBuffer<R>(_ body: (UnsafeMutablePointer<CChar>, Int) -> R) -> R {
        bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }

    /// The message as a phrase (see ``CodecError/phrase(_:)``).
    var text: String {
        CodecError.phrase(bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }
}
