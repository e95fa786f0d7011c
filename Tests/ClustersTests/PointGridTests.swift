import Testing
@testable import Clusters

/// The grid of the points made on several threads is the one made on one: the same cells with
/// the same points in the same order, the same crowding and the same coordinates by cell.
@Suite struct PointGridTests {
    @Test(arguments: [1_000, 200_000])
    func severalThreadsMakeTheSameGrid(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        // Clumped and spread: half the points in a small square, where cells hold many.
        let x = (0..<count).map { p in Float(p % 2 == 0 ? Double(random.next() % 1_000_000) / 1e6 : 0.3 + Double(random.next() % 1_000) / 1e6) }
        let y = (0..<count).map { p in Float(p % 2 == 0 ? Double(random.next() % 1_000_000) / 1e6 : 0.6 + Double(random.next() % 1_000) / 1e6) }
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                let one = PointGrid(x: x, y: y, reach: 0.001)
                let oneCoordinates = one.coordinatesByCell(x: x, y: y)
                for threads in [2, 3] {
                    let several = PointGrid(x: x, y: y, reach: 0.001, threads: threads)
                    #expect(several.crowding == one.crowding)
                    #expect(several.columns == one.columns && several.rows == one.rows)
                    let coordinates = several.coordinatesByCell(x: x, y: y, threads: threads)
                    #expect(coordinates.x == oneCoordinates.x && coordinates.y == oneCoordinates.y)
                    for probe in stride(from: 0, to: count, by: max(1, count / 200)) {
                        var fromOne: [Int] = [], fromSeveral: [Int] = []
                        one.forEachPoint(near: Double(x[probe]), Double(y[probe]), reach: 0.002) { fromOne.append($0) }
                        several.forEachPoint(near: Double(x[probe]), Double(y[probe]), reach: 0.002) { fromSeveral.append($0) }
                        #expect(fromSeveral == fromOne, "point \(probe), threads \(threads)")
                        #expect(fromOne.contains(probe))
                    }
                }
            }
        }
    }
}
