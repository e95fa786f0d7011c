/// A few elements spread evenly over a sequence whose length is not known in advance (a tile list
/// read from a pipe), kept in bounded memory: every `stride`-th element is kept, and whenever
/// `capacity` are held every other one is dropped and the stride doubles. Deterministic: the same
/// sequence always gives the same sample.
struct EvenSample<Element: Sendable>: Sendable {
    private(set) var kept: [Element] = []
    private let capacity: Int
    private var stride = 1
    private var seen = 0

    /// Keeps at most `capacity` (at least 2) elements.
    init(capacity: Int) {
        self.capacity = max(2, capacity)
        kept.reserveCapacity(self.capacity)
    }

    /// Offers the next element of the sequence.
    mutating func add(_ element: Element) {
        defer { seen += 1 }
        guard seen % stride == 0 else { return }
        kept.append(element)
        if kept.count == capacity {
            kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
        }
    }

    /// Up to `n` of the kept elements, evenly spaced over the sequence.
    func pick(_ n: Int) -> [Element] {
        let picked = min(n, kept.count)
        guard picked > 0 else { return [] }
        let spacing = Double(kept.count) / Double(picked)
        return (0..<picked).map { kept[Int((Double($0) + 0.5) * spacing)] }
    }
}
