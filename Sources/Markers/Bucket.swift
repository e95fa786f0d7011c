/// Where a count falls among a style's bucket thresholds.
public struct Bucket: Equatable, Hashable, Sendable {
    /// 0 below the first threshold, `i` when the count is at least the `i`-th threshold (1-based).
    public let index: Int
    /// The threshold reached, or the count itself below the first threshold (android-maps-utils' rule).
    public let value: Int

    /// True when the count is below every threshold.
    public var isBelowFirstThreshold: Bool { index == 0 }

    /// The bucket of `count` for ascending `thresholds`.
    public init(count: Int, thresholds: [Int]) {
        var index = 0
        while index < thresholds.count, count >= thresholds[index] { index += 1 }
        self.index = index
        self.value = index == 0 ? count : thresholds[index - 1]
    }
}
