/// A node of a KD-tree being walked, with the cell its ancestors' splits bound it to.
struct TreeCell {
    var left: Int
    var right: Int
    var axis: Int
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// How many items the cell holds.
    var size: Int { right - left + 1 }

    /// The two children of the node whose middle item, at `middle`, has `split` on its axis.
    func split(at split: Double, middle: Int) -> (lower: TreeCell, upper: TreeCell) {
        var lower = self, upper = self
        lower.right = middle - 1
        upper.left = middle + 1
        lower.axis = 1 - axis
        upper.axis = 1 - axis
        if axis == 0 { lower.maxX = split; upper.minX = split } else { lower.maxY = split; upper.minY = split }
        return (lower, upper)
    }

    /// Whether a disc of `radius` around (`x`, `y`) lies inside the cell, clear of its edges.
    @inline(__always)
    func holds(_ x: Double, _ y: Double, radius: Double) -> Bool {
        x - minX > radius && maxX - x > radius && y - minY > radius && maxY - y > radius
    }
}

extension TreeCell {
    /// The whole tree of `count` items, whose cell is the plane.
    init(count: Int) {
        self.init(left: 0, right: count - 1, axis: 0, minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
    }
}
