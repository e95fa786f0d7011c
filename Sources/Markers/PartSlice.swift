import Canvas

/// One part's share of a badge's circle, in whole degrees clockwise from 12 o'clock: the part
/// covers bearings from `start` up to `end`.
public struct PartSlice: Hashable, Sendable {
    public let color: Color
    public let start: Int
    public let end: Int

    /// The slice's sweep in degrees.
    public var degrees: Int { end - start }
}
