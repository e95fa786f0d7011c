extension BadgeParts {
    /// The smallest sweep a part with a count above 0 gets, in degrees, so that 1 in 1000 still shows.
    public static let minimumDegrees = 3

    /// The circle cut into the non-zero parts, in order from 12 o'clock clockwise, in proportion to
    /// their counts, every part at least ``minimumDegrees`` wide (the room taken from the larger
    /// parts, in proportion), the sweeps adding up to exactly 360°. Boundaries are rounded to whole
    /// degrees, which no eye can tell at badge sizes and which lets breakdowns in nearly the same
    /// proportions share one drawn image.
    public var slices: [PartSlice] {
        let shown = parts.filter { $0.count > 0 }
        let minimum = Double(Self.minimumDegrees)
        // Parts held at the minimum; the others share what is left in proportion to their counts.
        var atMinimum = Set<Int>()
        var sweeps: [Double] = []
        while true {
            let freeCount = shown.indices.filter { !atMinimum.contains($0) }.reduce(0) { $0 + Double(shown[$1].count) }
            let room = 360 - minimum * Double(atMinimum.count)
            sweeps = shown.indices.map { atMinimum.contains($0) ? minimum : room * Double(shown[$0].count) / freeCount }
            let tooThin = shown.indices.filter { !atMinimum.contains($0) && sweeps[$0] < minimum }
            if tooThin.isEmpty { break }
            atMinimum.formUnion(tooThin)
        }
        // Rounding each boundary (not each sweep) keeps the total at 360° and a 3° sweep at 3°.
        var slices: [PartSlice] = []
        var boundary = 0.0
        var start = 0
        for (index, part) in shown.enumerated() {
            boundary += sweeps[index]
            let end = index == shown.count - 1 ? 360 : Int(boundary.rounded())
            slices.append(PartSlice(color: part.color, start: start, end: end))
            start = end
        }
        return slices
    }
}
