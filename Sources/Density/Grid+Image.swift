import Canvas
import Tiles

extension Grid {
    /// The tile drawn as a choropleth: every pixel whose centre lies in a non-empty cell takes the
    /// ramp's colour at min(1, count / ``scale(_:)``) (the ramp's 256-entry table, `opacity`
    /// applied), other pixels stay transparent. One scale for the whole map, so neighbouring tiles
    /// agree; `pixels.scale` 2 draws the same cells on 512 pixels. Throws ``GridZoomError``, or
    /// `CanvasError` when the surface cannot be made.
    public func image(_ pixels: TilePixels, options: GridOptions, ramp: ColorRamp, opacity: Double = 1) throws -> Surface {
        let frame = try frame(pixels.tile, options: options)
        let (tallies, positions) = tally(frame)
        var counts = [Int](repeating: 0, count: frame.cells.count)
        for (tally, position) in zip(tallies, positions) { counts[position] = tally.count }
        let scale = scale(frame.lattice)
        let colours = ramp.lookupTable(opacity: opacity)
        let size = pixels.size
        let unitsPerPixel = Double(GridTileFrame.extent) / Double(size)
        let surface = try Surface(width: size, height: size)
        surface.withMutablePixels { output, stride in
            for row in 0..<size {
                for column in 0..<size {
                    let centre = frame.metres(units: ((Double(column) + 0.5) * unitsPerPixel, (Double(row) + 0.5) * unitsPerPixel))
                    guard let position = frame.position(of: frame.lattice.cell(x: centre.x, y: centre.y)), counts[position] > 0 else {
                        output[row * stride + column] = 0
                        continue
                    }
                    let level = Int((255 * min(1, Double(counts[position]) / scale)).rounded())
                    output[row * stride + column] = colours[level]
                }
            }
        }
        return surface
    }
}
