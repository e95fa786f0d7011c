#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// `ByteBuffer(takingOwnershipOf:allocator:)`: NIO's one way to a buffer whose capacity is not a power of two.
@_spi(CustomByteBufferAllocator) import NIOCore

extension ByteBuffer {
    /// `bytes` in a buffer of exactly their size. NIO's initialisers round a buffer's capacity up
    /// to a power of two, so a 24 kB tile kept in memory took 32 kB: the memory tier, which keeps
    /// its bodies for as long as they are asked for, would hold up to twice the bytes it counts.
    package static func exactlySized(_ bytes: some Collection<UInt8>) -> ByteBuffer {
        guard !bytes.isEmpty else { return ByteBuffer() }
        // malloc'd, as the default allocator's `free` expects.
        let memory = UnsafeMutableRawBufferPointer(start: malloc(bytes.count), count: bytes.count)
        precondition(memory.baseAddress != nil, "out of memory for \(bytes.count) bytes")
        memory.copyBytes(from: bytes)
        return ByteBuffer(takingOwnershipOf: memory, allocator: ByteBufferAllocator())
    }
}
