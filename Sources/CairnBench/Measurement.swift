import Foundation

/// Times a closure: a warm-up, then `iterations` timed runs; reports the median in milliseconds.
/// Medians of many short runs are what stays stable on a noisy 2-core machine.
struct Measurement {
    let name: String
    let samples: [Double]

    var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Runs `body` `warmup` times untimed, then `iterations` times, each `batch` calls per sample.
    static func run(_ name: String, iterations: Int = 200, warmup: Int = 20, batch: Int = 1, _ body: () throws -> Void) rethrows -> Measurement {
        for _ in 0..<warmup { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<batch { try body() }
            let end = DispatchTime.now().uptimeNanoseconds
            samples.append(Double(end - start) / 1e6 / Double(batch))
        }
        return Measurement(name: name, samples: samples)
    }

    /// Times several closures taking turns over `items` inputs: each round runs every one once, in an
    /// order that rotates from round to round, and each run is one sample of its own measurement. Each
    /// closure is given the index of its input, walking through them from its own starting point (spread
    /// evenly), so that no two take the same input one after the other (the second would find it in the
    /// cache). On a machine whose speed moves by a third from one second to the next (these VMs share
    /// their host), measurements taken one after the other can land in different spells and their ratio
    /// moves with them; taking turns puts every spell into every measurement alike, so the ratios hold
    /// from run to run.
    static func interleaved(_ bodies: [(name: String, body: (Int) -> Void)], items: Int, iterations: Int = 200,
                            warmup: Int = 20) -> [Measurement] {
        var cursors = bodies.indices.map { $0 * items / bodies.count }
        func runOnce(_ index: Int) {
            bodies[index].body(cursors[index])
            cursors[index] = (cursors[index] + 1) % items
        }
        for _ in 0..<warmup { for index in bodies.indices { runOnce(index) } }
        var samples = [[Double]](repeating: [], count: bodies.count)
        for round in 0..<iterations {
            for turn in 0..<bodies.count {
                let index = (round + turn) % bodies.count
                let start = DispatchTime.now().uptimeNanoseconds
                runOnce(index)
                samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
        }
        return zip(bodies, samples).map { Measurement(name: $0.name, samples: $1) }
    }
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func consume<T>(_ value: T) { withExtendedLifetime(value) {} }
