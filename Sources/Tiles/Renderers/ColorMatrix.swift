/// An affine colour transform on straight-alpha RGBA in 0...1, as SVG's `feColorMatrix`: each output
/// channel is a weighted sum of R, G, B, A plus an offset. Every CSS colour filter is one of these, so
/// consecutive filters compose into a single matrix and a single pass over the pixels.
public struct ColorMatrix: Equatable, Sendable {
    /// Rows R, G, B, A; columns R, G, B, A, offset.
    public var rows: [[Double]]

    public init(rows: [[Double]]) {
        precondition(rows.count == 4 && rows.allSatisfy { $0.count == 5 }, "a colour matrix is 4 rows of 5")
        self.rows = rows
    }

    /// A matrix acting on R, G, B only (3x3), alpha unchanged.
    init(rgb m: [[Double]], offset: [Double] = [0, 0, 0]) {
        self.init(rows: (0..<3).map { m[$0] + [0, offset[$0]] } + [[0, 0, 0, 1, 0]])
    }

    public static let identity = ColorMatrix(rgb: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// `self` applied after `first`.
    public func after(_ first: ColorMatrix) -> ColorMatrix {
        ColorMatrix(rows: (0..<4).map { i in
            (0..<5).map { j in
                var value = (0..<4).reduce(0.0) { $0 + rows[i][$1] * first.rows[$1][j] }
                if j == 4 { value += rows[i][4] }
                return value
            }
        })
    }

    /// True when every colour in the unit cube maps inside it: no channel ever needs clamping, so
    /// the matrix can be composed with the next one without changing the result.
    public var staysInRange: Bool {
        rows.allSatisfy { row in
            let low = row[4] + row.prefix(4).reduce(0) { $0 + min($1, 0) }
            let high = row[4] + row.prefix(4).reduce(0) { $0 + max($1, 0) }
            return low >= -1e-9 && high <= 1 + 1e-9
        }
    }

    /// Applies the matrix to one straight-alpha colour (channels 0...1), clamping the result.
    public func apply(_ c: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
        let input = [c.0, c.1, c.2, c.3]
        let out = rows.map { row in min(max((0..<4).reduce(row[4]) { $0 + row[$1] * input[$1] }, 0), 1) }
        return (out[0], out[1], out[2], out[3])
    }
}
