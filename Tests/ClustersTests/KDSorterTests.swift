import Foundation
import Testing
@testable import Clusters

/// The KD-tree layout against kdbush 4's `sort`/`select` written out plainly (one scan step at a
/// time, as kdbush's JavaScript does): the block-wise partition must leave every entry where
/// kdbush leaves it, since supercluster's neighbour order, and through it centroids and children
/// order, follow that layout. Ranges from a few items to past the 600 where Floyd–Rivest samples,
/// keys all different, many equal, or all equal, and leaves of 2 to 200 items.
@Suite struct KDSorterTests {
    @Test(arguments: [1, 2, 3, 64, 65, 66, 129, 700, 5_000, 100_000])
    func theLayoutIsKdbushsEntryForEntry(count: Int) {
        for seed in SeededGenerator.seeds([1, 2, 3]) {
            for keys in Keys.allCases {
                for nodeSize in [2, 16, 64, 200] {
                    var random = SeededGenerator(seed: seed)
                    let entries = (0..<count).map { i in
                        KDEntry(x: keys.value(&random), y: keys.value(&random), index: Int32(i), handle: Int32(count - i))
                    }
                    var expected = entries
                    PlainKdbush(nodeSize: nodeSize).sort(&expected)
                    var actual = entries
                    actual.withUnsafeMutableBufferPointer { KDSorter(nodeSize: nodeSize).sort($0) }
                    let first = expected.indices.first { expected[$0].index != actual[$0].index || expected[$0].handle != actual[$0].handle }
                    #expect(first == nil, "seed \(seed), \(keys), node size \(nodeSize): position \(first ?? -1) differs")
                }
            }
        }
    }

    /// The sorter really makes a KD-tree: every range's middle splits its range on its axis.
    @Test func everyMiddleSplitsItsRange() {
        var random = SeededGenerator(seed: 9)
        var entries = (0..<20_000).map { i in
            KDEntry(x: Keys.distinct.value(&random), y: Keys.distinct.value(&random), index: Int32(i), handle: Int32(i))
        }
        entries.withUnsafeMutableBufferPointer { KDSorter(nodeSize: 64).sort($0) }
        var ranges = [(0, entries.count - 1, 0)]
        var checked = 0
        while let (left, right, axis) = ranges.popLast() {
            guard right - left > 64 else { continue }
            let m = (left + right) >> 1
            let key = entries[m].coordinate(axis)
            #expect(entries[left..<m].allSatisfy { $0.coordinate(axis) <= key })
            #expect(entries[(m + 1)...right].allSatisfy { $0.coordinate(axis) >= key })
            checked += 1
            ranges += [(left, m - 1, 1 - axis), (m + 1, right, 1 - axis)]
        }
        #expect(checked == 511)
    }

    enum Keys: CaseIterable {
        /// Uniform in [0, 1): nearly all different.
        case distinct
        /// One of 8 values: long runs of keys equal to the pivot.
        case fewValues
        /// Every key the same.
        case oneValue

        func value(_ random: inout SeededGenerator) -> Float {
            switch self {
            case .distinct: Float(Double(random.next() >> 11) / Double(1 << 53))
            case .fewValues: Float(random.next() % 8) / 8
            case .oneValue: 0.5
            }
        }
    }
}

/// kdbush 4's `sort` and `select`, line for line, but for the sample range of its Floyd–Rivest
/// step, which is the sorter's own (the partition is what differs).
private struct PlainKdbush {
    let nodeSize: Int

    func sort(_ entries: inout [KDEntry]) {
        guard !entries.isEmpty else { return }
        sort(&entries, 0, entries.count - 1, 0)
    }

    private func sort(_ entries: inout [KDEntry], _ left: Int, _ right: Int, _ axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(&entries, m, left, right, axis)
        sort(&entries, left, m - 1, 1 - axis)
        sort(&entries, m + 1, right, 1 - axis)
    }

    private func select(_ entries: inout [KDEntry], _ k: Int, _ left: Int, _ right: Int, _ axis: Int) {
        var left = left, right = right
        while right > left {
            if right - left > 600 {
                let (newLeft, newRight) = KDSorter.sampleRange(k, left, right)
                select(&entries, k, newLeft, newRight, axis)
            }
            let t = entries[k].coordinate(axis)
            var i = left
            var j = right
            entries.swapAt(left, k)
            if entries[right].coordinate(axis) > t { entries.swapAt(left, right) }
            while i < j {
                entries.swapAt(i, j)
                i += 1
                j -= 1
                while entries[i].coordinate(axis) < t { i += 1 }
                while entries[j].coordinate(axis) > t { j -= 1 }
            }
            if entries[left].coordinate(axis) == t {
                entries.swapAt(left, j)
            } else {
                j += 1
                entries.swapAt(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }
}
