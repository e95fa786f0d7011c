extension Array where Element == UInt8 {
    /// `withUnsafeBytes` keeping the closure's typed error (the standard library's version rethrows `any Error`).
    func withTypedUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws(CodecError) -> R) throws(CodecError) -> R {
        let result = withUnsafeBytes { raw in Result { () throws(CodecError) in try body(raw) } }
        return try result.get()
    }
}
