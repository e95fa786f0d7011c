import Foundation
import Testing
@testable import Clusters

/// The block scans of the KD partition (`CKDScan`, four keys a compare) against kdbush's scans
/// written plainly: the same stops in the same order, on both axes, in both directions, for every
/// length a block or a finish can have, with keys below, equal to and above the pivot and NaN.
@Suite struct KDScanTests {
    /// The scans read keys 16 bytes apart at the x or y of an entry: the layout they rely on.
    @Test func entriesAreLaidOutAsTheScansReadThem() {
        #expect(MemoryLayout<KDEntry>.stride == 16)
        #expect(MemoryLayout<KDEntry>.offset(of: \.x) == 4 * KDAxisX.keyOffset)
        #expect(MemoryLayout<KDEntry>.offset(of: \.y) == 4 * KDAxisY.keyOffset)
    }

    @Test func theStopsAreKdbushsScans() {
        var random = SeededGenerator(seed: 21)
        let values: [Float] = [0.25, 0.5, 0.75, .nan, -.infinity, .infinity]
        for count in 0...(2 * KDSorter.block) {
            for _ in 0..<20 {
                var entries = (0..<count + 2).map { i in
                    KDEntry(x: values[Int(random.next() % 6)], y: values[Int(random.next() % 6)], index: Int32(i), handle: 0)
                }
                let t = values[Int(random.next() % 3)]
                entries.withUnsafeMutableBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    // up from entry 1, down from entry `count` (an entry stays on either side)
                    check(base + 1, count: count, up: true, t, KDAxisX.self, expected: { !($0.x < t) })
                    check(base + 1, count: count, up: true, t, KDAxisY.self, expected: { !($0.y < t) })
                    check(base + count, count: count, up: false, t, KDAxisX.self, expected: { !($0.x > t) })
                    check(base + count, count: count, up: false, t, KDAxisY.self, expected: { !($0.y > t) })
                }
            }
        }
    }

    private func check<Axis: KDAxis>(_ start: UnsafeMutablePointer<KDEntry>, count: Int, up: Bool, _ t: Float,
                                     _ axis: Axis.Type, expected stops: (KDEntry) -> Bool) {
        let expected = (0..<count).filter { stops(start[up ? $0 : -$0]) }.map(UInt8.init)
        // guard bytes after the `count` the scan may write
        var offsets = [UInt8](repeating: 0xEE, count: count + 8)
        let found = offsets.withUnsafeMutableBufferPointer { room in
            up ? KDSorter.stopsUp(start, count: count, t, room.baseAddress!, axis)
                : KDSorter.stopsDown(start, count: count, t, room.baseAddress!, axis)
        }
        #expect(Array(offsets.prefix(found)) == expected, "count \(count), \(up ? "up" : "down"), \(axis), t \(t)")
        #expect(offsets.suffix(8).allSatisfy { $0 == 0xEE }, "count \(count): written past the block")
    }
}
