import HotLane

/// What a memory tier in front of the disk holds: an image with its answer prepared (a layer's
/// ``MemoryTile``, a badge's, card's or cluster tile's ``ServedImage``).
protocol PreparedImage: Sendable {
    var answer: PreparedAnswer { get }
}

extension ServedImage: PreparedImage {}
extension MemoryTile: PreparedImage {}

extension MemoryCache where Key == String, Value: PreparedImage {
    /// A memory tier as `cache` configures it (`memory_items`, `memory_size`), counting each image
    /// by the bytes its answer holds: its body, and a vector tile's gzipped twin too.
    convenience init(tier cache: ServerConfig.Cache) {
        self.init(capacity: cache.memoryItems, byteCapacity: cache.memorySize) { $0.answer.storedBytes }
    }
}
