import Clusters
import Foundation
import SeededRandom

/// A SplitMix64 generator for the clustering property tests: the same cases on every run, and every
/// failure message names the seed, so `SEED=N swift test --filter ClustersTests.<Suite>` replays
/// that case alone (or, with a new N, explores a new one).
struct SeededGenerator: RandomNumberGenerator {
    let seed: UInt64
    private var generator: SplitMix64

    init(seed: UInt64) {
        self.seed = seed
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 { generator.next() }

    /// The seeds a randomised test runs with: the one in the `SEED` environment variable when it is
    /// set, else `defaults`.
    static func seeds(_ defaults: [UInt64]) -> [UInt64] {
        ProcessInfo.processInfo.environment["SEED"].flatMap { UInt64($0) }.map { [$0] } ?? defaults
    }
}

/// A longitude and latitude in degrees.
typealias Coordinate = (longitude: Double, latitude: Double)

/// How a random test's points are spread.
enum Spread: String, Sendable, CaseIterable {
    /// Uniform over every longitude and the latitudes of the Web Mercator square (±85°).
    case uniform
    /// Around a few centres, at every scale from a few degrees down to metres, so that clusters
    /// nest through many zooms (what cities of shops look like).
    case clumped
}

extension SeededGenerator {
    /// `count` points of each ``Spread``, one spread after the other.
    mutating func pointsOfEverySpread(_ count: Int) -> PointSet {
        var points = PointSet()
        for spread in Spread.allCases {
            for coordinate in coordinates(count, spread) {
                points.append(longitude: coordinate.longitude, latitude: coordinate.latitude)
            }
        }
        return points
    }

    mutating func coordinates(_ count: Int, _ spread: Spread) -> [Coordinate] {
        switch spread {
        case .uniform:
            return (0..<count).map { _ in
                (Double.random(in: -180..<180, using: &self), Double.random(in: -85...85, using: &self))
            }
        case .clumped:
            let centres = (0..<5).map { _ in
                (Double.random(in: -170...170, using: &self), Double.random(in: -70...70, using: &self))
            }
            return (0..<count).map { _ in
                let centre = centres[Int.random(in: 0..<centres.count, using: &self)]
                // A spread of 4° halved 0 to 16 times: most points sit close to another at some zoom.
                let scale = 4 / Double(1 << Int.random(in: 0...16, using: &self))
                return (centre.0 + scale * Double.random(in: -1...1, using: &self),
                        centre.1 + scale * Double.random(in: -1...1, using: &self))
            }
        }
    }
}

extension PointSet {
    /// Points at `coordinates`, without ids or properties unless `properties` gives them.
    init(_ coordinates: [Coordinate], properties: (Int) -> String? = { _ in nil }) {
        self.init()
        for (index, coordinate) in coordinates.enumerated() {
            append(longitude: coordinate.longitude, latitude: coordinate.latitude, id: nil, properties: properties(index))
        }
    }
}
