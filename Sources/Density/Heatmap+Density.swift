import Foundation

extension Heatmap {
    /// The density D at the centre of each of the tile's pixels, row by row.
    ///
    /// Two ways, chosen by the tile's own points (so a tile is always drawn the same way):
    /// - **exact**: each point adds w·K(d / r) to every pixel centre within r of it;
    /// - **binned**, when the points are more than the pixel centres they fill: each point's
    ///   weight is shared bilinearly among the four pixel centres around it, and each centre then
    ///   adds its weight through the kernel sampled at whole-pixel offsets. The difference to the
    ///   exact sum is the bilinear interpolation error of K: at most |∂²K/∂x²| + |∂²K/∂y²| over 8 per
    ///   unit of weight, 2 / r² for the quartic kernel (0.005 at r = 20 px); uniform and smooth
    ///   spreads of points cancel most of it (docs/density-maps.md gives the measured error).
    func density(_ pixels: TilePixels, options: HeatmapOptions) throws -> [Double] {
        let radius = options.radius * Double(pixels.scale)
        let size = pixels.size
        let originX = Double(pixels.tile.x * size), originY = Double(pixels.tile.y * size)
        let weights = try self.weights(options.weight)
        var placed = points(minX: originX - radius, minY: originY - radius, maxX: originX + Double(size) + radius,
                            maxY: originY + Double(size) + radius, worldSize: pixels.worldSize, weights: weights)
        // Tile pixels: the origin is a whole pixel and the world a power of two of them, so exactly.
        for k in 0..<placed.count {
            placed.x[k] -= originX
            placed.y[k] -= originY
        }
        var density = [Double](repeating: 0, count: size * size)
        let field = DensityField(size: size, radius: radius, kernel: options.kernel)
        if placed.count < 64 || !field.splatBinned(placed, into: &density) {
            field.splatExactly(placed, into: &density)
        }
        return density
    }
}

/// The kernel over a square of pixels, and the two ways of adding points to it.
struct DensityField {
    let size: Int
    let radius: Double
    let kernel: HeatmapKernel

    /// Adds every point's w·K(d / r) to the pixel centres within r of it. Each row's pixels are
    /// those within r of the point's column, found by a square root and widened by one pixel; the
    /// kernel's own cut (u < 1) decides at the edge, so the sum is the definition's.
    func splatExactly(_ points: PlacedPoints, into density: inout [Double]) {
        let r2 = radius * radius, inverse = 1 / r2
        var across = [Double](repeating: 0, count: size), gaussianAcross = [Double](repeating: 0, count: size)
        density.withUnsafeMutableBufferPointer { density in
            across.withUnsafeMutableBufferPointer { across in
                gaussianAcross.withUnsafeMutableBufferPointer { gaussianAcross in
                    for k in 0..<points.count {
                        let px = points.x[k], py = points.y[k], w = points.weight[k]
                        let y0 = max(0, Int((py - 0.5 - radius).rounded(.up))), y1 = min(size - 1, Int((py - 0.5 + radius).rounded(.down)))
                        let x0 = max(0, Int((px - 0.5 - radius).rounded(.up))), x1 = min(size - 1, Int((px - 0.5 + radius).rounded(.down)))
                        guard y0 <= y1, x0 <= x1 else { continue }
                        for x in x0...x1 {
                            let dx = Double(x) + 0.5 - px
                            across[x] = dx * dx
                            if kernel == .gaussian { gaussianAcross[x] = exp(-4.5 * dx * dx * inverse) }
                        }
                        for y in y0...y1 {
                            let dy = Double(y) + 0.5 - py
                            let dy2 = dy * dy, rest = r2 - dy2
                            guard rest > 0 else { continue }
                            let half = rest.squareRoot()
                            let xa = max(x0, Int((px - 0.5 - half).rounded(.down))), xb = min(x1, Int((px - 0.5 + half).rounded(.up)))
                            guard xa <= xb else { continue }
                            let row = density.baseAddress! + y * size
                            switch kernel {
                            case .quartic:
                                for x in xa...xb {
                                    let a = max(0, 1 - (across[x] + dy2) * inverse)
                                    row[x] += w * a * a
                                }
                            case .gaussian:
                                let down = w * exp(-4.5 * dy2 * inverse)
                                for x in xa...xb where across[x] + dy2 < r2 { row[x] += down * gaussianAcross[x] }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Shares each point's weight bilinearly among the four pixel centres around it, then adds
    /// each centre's weight through the kernel at whole-pixel offsets. Returns false, adding
    /// nothing, when the points fill as many centres as they are or more (exactly is then no slower).
    func splatBinned(_ points: PlacedPoints, into density: inout [Double]) -> Bool {
        let reach = Int(radius.rounded(.up))
        // Bin (i, j) is the centre of pixel (i − margin, j − margin); points lie within r of the tile.
        let margin = reach + 2, width = size + 2 * margin
        var bins = [Double](repeating: 0, count: width * width)
        bins.withUnsafeMutableBufferPointer { bins in
            for k in 0..<points.count {
                let fx = points.x[k] - 0.5 + Double(margin), fy = points.y[k] - 0.5 + Double(margin)
                let i = Int(fx.rounded(.down)), j = Int(fy.rounded(.down))
                let tx = fx - Double(i), ty = fy - Double(j), w = points.weight[k]
                let at = j * width + i
                bins[at] += w * (1 - tx) * (1 - ty)
                bins[at + 1] += w * tx * (1 - ty)
                bins[at + width] += w * (1 - tx) * ty
                bins[at + width + 1] += w * tx * ty
            }
        }
        var filled = 0
        for value in bins where value != 0 { filled += 1 }
        guard filled < points.count else { return false }
        // The kernel at whole-pixel offsets −reach...reach, row by row.
        let span = 2 * reach + 1
        var table = [Double](repeating: 0, count: span * span)
        for dy in -reach...reach {
            for dx in -reach...reach {
                table[(dy + reach) * span + dx + reach] = kernel.value(squared: Double(dx * dx + dy * dy) / (radius * radius))
            }
        }
        density.withUnsafeMutableBufferPointer { density in
            table.withUnsafeBufferPointer { table in
                for j in 0..<width {
                    let cy = j - margin
                    for i in 0..<width {
                        let w = bins[j * width + i]
                        guard w != 0 else { continue }
                        let cx = i - margin
                        let x0 = max(0, cx - reach), x1 = min(size - 1, cx + reach)
                        let y0 = max(0, cy - reach), y1 = min(size - 1, cy + reach)
                        guard x0 <= x1, y0 <= y1 else { continue }
                        for y in y0...y1 {
                            let kernelRow = (y - cy + reach) * span + reach - cx
                            let base = y * size
                            for x in x0...x1 { density[base + x] += w * table[kernelRow + x] }
                        }
                    }
                }
            }
        }
        return true
    }
}
