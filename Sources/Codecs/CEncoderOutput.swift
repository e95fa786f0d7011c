internal import CCodecs

/// Runs a C encoder that returns a malloc'ed buffer and copies it into an array.
enum CEncoderOutput {
    static func collect(
        format: ImageFormat,
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                 UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws(CodecError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = CMessage()
        let status = message.withBuffer { buffer, bufferSize in body(&output, &size, buffer, bufferSize) }
        defer { ccodecs_free(output) }
        guard status == CCODECS_OK, let output else {
            throw .encodeFailed("\(format): \(message.text)")
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
