import CKDScan
import Foundation
internal import Parallel

/// The axis a selection compares on, as a type, so each axis gets its own compiled loop.
protocol KDAxis {
    static func key(_ entry: KDEntry) -> Float
    /// The key's place in an entry, in floats (what the block scans of `CKDScan` read).
    static var keyOffset: Int { get }
}

enum KDAxisX: KDAxis {
    @inline(__always) static func key(_ entry: KDEntry) -> Float { entry.x }
    static var keyOffset: Int { 0 }
}

enum KDAxisY: KDAxis {
    @inline(__always) static func key(_ entry: KDEntry) -> Float { entry.y }
    static var keyOffset: Int { 1 }
}

/// Arranges entries into kdbush 4's KD-tree layout: the middle of every range is selected on the
/// range's axis (x, then y, alternating) with kdbush's Floyd–Rivest `select`, down to ranges of
/// `nodeSize` items. The result is the very permutation kdbush makes, entry for entry, because
/// neighbour order, and through it supercluster's cluster centroids and children, follow it.
///
/// What is faster than kdbush is only how each Hoare partition is carried out. kdbush's loop
/// swaps the m-th item from the left that is not below the pivot with the m-th item from the
/// right that is not above it, until the two scans cross. Here the scans are made a block of
/// ``block`` items at a time without a branch per item (the positions where a scan would stop are
/// written down from one compare of four keys, `CKDScan`), and the recorded positions are swapped
/// pair by pair: the same swaps in the same order. When the unscanned middle is shorter than a block, the
/// rest (the middle and the stops still pending on one side, under two blocks) is finished by
/// ``finish(_:_:_:_:_:_:)``, again without a branch per item.
struct KDSorter {
    /// Items scanned per block: a stop offset fits a byte.
    static let block = 32
    let nodeSize: Int

    init(nodeSize: Int) { self.nodeSize = nodeSize }

    /// Sorts `entries` into the tree layout.
    func sort(_ entries: UnsafeMutableBufferPointer<KDEntry>) {
        guard entries.count > 1 else { return }
        let stops = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * Self.block)
        defer { stops.deallocate() }
        let scratch = Stops(left: stops, right: stops + 2 * Self.block)
        sort(entries, 0, entries.count - 1, 0, scratch)
    }

    /// Ranges shorter than this are sorted on one thread.
    static let parallelMinimum = 1 << 15

    /// Sorts `entries` into the tree layout on up to `threads` threads: once a range's middle is
    /// selected, its two halves are independent and are sorted at once, which makes the very
    /// layout one thread makes.
    func sort(_ entries: UnsafeMutableBufferPointer<KDEntry>, threads: Int) {
        guard threads > 1, entries.count > Self.parallelMinimum else { return sort(entries) }
        nonisolated(unsafe) let entries = entries
        sortForking(entries, 0, entries.count - 1, 0, threads)
    }

    func sortForking(_ entries: UnsafeMutableBufferPointer<KDEntry>, _ left: Int, _ right: Int, _ axis: Int, _ threads: Int) {
        let stops = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * Self.block)
        defer { stops.deallocate() }
        let scratch = Stops(left: stops, right: stops + 2 * Self.block)
        guard threads > 1, right - left > Self.parallelMinimum else { return sort(entries, left, right, axis, scratch) }
        let m = (left + right) >> 1
        if axis == 0 {
            Self.select(entries, m, left, right, KDAxisX.self, scratch)
        } else {
            Self.select(entries, m, left, right, KDAxisY.self, scratch)
        }
        nonisolated(unsafe) let shared = entries
        _ = ParallelRuns.map(2) { half in
            if half == 0 {
                sortForking(shared, left, m - 1, 1 - axis, threads / 2)
            } else {
                sortForking(shared, m + 1, right, 1 - axis, threads - threads / 2)
            }
        }
    }

    private func sort(_ entries: UnsafeMutableBufferPointer<KDEntry>, _ left: Int, _ right: Int, _ axis: Int, _ stops: Stops) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        if axis == 0 {
            Self.select(entries, m, left, right, KDAxisX.self, stops)
        } else {
            Self.select(entries, m, left, right, KDAxisY.self, stops)
        }
        sort(entries, left, m - 1, 1 - axis, stops)
        sort(entries, m + 1, right, 1 - axis, stops)
    }

    /// kdbush's `select`: puts the k-th smallest key of `left...right` at `k`, smaller ones before
    /// it and larger ones after, narrowing a sample range first when the range is long.
    static func select<Axis: KDAxis>(_ entries: UnsafeMutableBufferPointer<KDEntry>, _ k: Int, _ left: Int, _ right: Int,
                                     _ axis: Axis.Type, _ stops: Stops) {
        var left = left, right = right
        while right > left {
            if right - left > 600 {
                let (newLeft, newRight) = sampleRange(k, left, right)
                select(entries, k, newLeft, newRight, axis, stops)
            }
            let t = Axis.key(entries[k])
            swap(entries, left, k)
            if Axis.key(entries[right]) > t { swap(entries, left, right) }
            // kdbush's loop begins by swapping the two ends (left < right here).
            swap(entries, left, right)
            var j = partition(entries, left, right, t, axis, stops)
            if Axis.key(entries[left]) == t {
                swap(entries, left, j)
            } else {
                j += 1
                swap(entries, j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    /// The range kdbush's Floyd–Rivest step selects in first, for a long range: a sample around
    /// where the k-th key should fall.
    static func sampleRange(_ k: Int, _ left: Int, _ right: Int) -> (Int, Int) {
        let n = Double(right - left + 1)
        let m = Double(k - left + 1)
        let z = log(n)
        let s = 0.5 * exp(2 * z / 3)
        let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
        return (max(left, Int((Double(k) - m * s / n + sd).rounded(.down))),
                min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down))))
    }

    /// kdbush's partition loop after its first swap of `left` and `right`: returns where its right
    /// scan ends (`j`).
    @inline(__always)
    private static func partition<Axis: KDAxis>(_ entries: UnsafeMutableBufferPointer<KDEntry>, _ left: Int, _ right: Int,
                                               _ t: Float, _ axis: Axis.Type, _ stops: Stops) -> Int {
        let block = Self.block
        // The unscanned middle `low...high`.
        var low = left + 1, high = right - 1
        // Stops found and not yet swapped: offsets from `leftBase` (up) and `rightBase` (down).
        var leftBase = 0, leftStart = 0, leftCount = 0
        var rightBase = 0, rightStart = 0, rightCount = 0
        let base = entries.baseAddress!
        while true {
            if leftCount == 0 {
                guard high - low + 1 >= block else { break }
                leftBase = low
                leftStart = 0
                leftCount = stopsUp(base + low, count: block, t, stops.left, axis)
                low += block
            }
            if rightCount == 0 {
                guard high - low + 1 >= block else { break }
                rightBase = high
                rightStart = 0
                rightCount = stopsDown(base + high, count: block, t, stops.right, axis)
                high -= block
            }
            let pairs = min(leftCount, rightCount)
            guard pairs > 0 else { continue }
            for q in 0..<pairs {
                swap(entries, leftBase &+ Int(stops.left[leftStart &+ q]), rightBase &- Int(stops.right[rightStart &+ q]))
            }
            leftStart += pairs
            leftCount -= pairs
            rightStart += pairs
            rightCount -= pairs
        }
        // Where each scan would find its next stop: a pending one, or the unscanned middle. The
        // entry just before (after) it is a swapped one or one the scan passed: its key is not
        // above (below) `t`, so the other scan stops there.
        let from = leftCount > 0 ? leftBase + Int(stops.left[leftStart]) : low
        let through = rightCount > 0 ? rightBase - Int(stops.right[rightStart]) : high
        return finish(entries, from - 1, through + 1, t, axis, stops)
    }

    /// kdbush's loop over the stretch strictly between `lastLeft` and `lastRight` (the last pair
    /// swapped, or entries the scans passed since), without a branch per item; returns where its
    /// right scan ends. No swap has touched the stretch, so both scans' stops over it are found up front (where `key < t` fails going up,
    /// where `key > t` fails going down), and kdbush swaps the m-th of each while they have not
    /// crossed. After the last such swap its right scan ends at its next stop or at the last left
    /// stop swapped (which now holds a key not above `t`), whichever comes first going down: the
    /// larger of the two. `lastLeft` (a key not above `t`) and `lastRight` (not below) bound both
    /// scans, as they bound kdbush's.
    @inline(__always)
    private static func finish<Axis: KDAxis>(_ entries: UnsafeMutableBufferPointer<KDEntry>, _ lastLeft: Int, _ lastRight: Int,
                                            _ t: Float, _ axis: Axis.Type, _ stops: Stops) -> Int {
        let base = entries.baseAddress!
        let a = lastLeft &+ 1, b = lastRight &- 1
        let length = b &- a &+ 1
        guard length > 0 else { return lastLeft }
        assert(length <= 2 * block, "a finish spans the middle and one pending block at most")
        let leftCount = stopsUp(base + a, count: length, t, stops.left, axis)
        let rightCount = stopsDown(base + b, count: length, t, stops.right, axis)
        let pairs = min(leftCount, rightCount)
        var m = 0
        while m < pairs {
            let i = a &+ Int(stops.left[m]), j = b &- Int(stops.right[m])
            guard i < j else { break }
            swap(entries, i, j)
            m &+= 1
        }
        let nextRight = m < rightCount ? b &- Int(stops.right[m]) : lastLeft
        let lastLeftSwapped = m > 0 ? a &+ Int(stops.left[m &- 1]) : lastLeft
        return max(nextRight, lastLeftSwapped)
    }

    /// kdbush's left scan over `count` entries from `start` up: the offsets where it stops (where
    /// `key < t` fails), in order, written to `offsets` four entries a compare; returns how many.
    @inline(__always)
    static func stopsUp<Axis: KDAxis>(_ start: UnsafeMutablePointer<KDEntry>, count: Int, _ t: Float,
                                      _ offsets: UnsafeMutablePointer<UInt8>, _ axis: Axis.Type) -> Int {
        Int(cairn_kd_stops_up(keys(start, axis), count, t, offsets))
    }

    /// kdbush's right scan over `count` entries from `start` down: the offsets where it stops
    /// (where `key > t` fails), in order; returns how many.
    @inline(__always)
    static func stopsDown<Axis: KDAxis>(_ start: UnsafeMutablePointer<KDEntry>, count: Int, _ t: Float,
                                        _ offsets: UnsafeMutablePointer<UInt8>, _ axis: Axis.Type) -> Int {
        Int(cairn_kd_stops_down(keys(start, axis), count, t, offsets))
    }

    /// The key of the entry at `start` on `axis`, as the scans read it: entries are 16 bytes apart
    /// (``KDEntry``'s layout, which a test holds).
    @inline(__always)
    private static func keys<Axis: KDAxis>(_ start: UnsafeMutablePointer<KDEntry>, _ axis: Axis.Type) -> UnsafePointer<Float> {
        UnsafeRawPointer(start).assumingMemoryBound(to: Float.self) + Axis.keyOffset
    }

    @inline(__always)
    private static func swap(_ entries: UnsafeMutableBufferPointer<KDEntry>, _ i: Int, _ j: Int) {
        let base = entries.baseAddress!
        let t = base[i]
        base[i] = base[j]
        base[j] = t
    }

    /// Scratch room for the stop offsets from each side: one block's, or a finish's (under two blocks).
    struct Stops {
        let left: UnsafeMutablePointer<UInt8>
        let right: UnsafeMutablePointer<UInt8>
    }
}
