/// One layout for several images written into one file (an APNG's frames).
extension PNGLayout {
    /// The layout ``PNGWriter`` would choose for all of `images` together, and for an indexed layout
    /// their palette indices one after another in `context.indices` (row by row, image by image).
    static func shared(by images: [PixelRows], allowIndexed: Bool,
                       context: DeflateContext) -> (PNGLayout, UnsafeMutablePointer<UInt8>) {
        let indices = context.indices.bytes(allowIndexed ? max(1, images.reduce(0) { $0 + $1.width * $1.height }) : 1)
        if allowIndexed {
            let scan = PaletteTable.withTable { table -> PaletteScan? in
                var offset = 0, stoppedAt = 0
                for image in images {
                    guard table.add(image, indices: indices + offset, stoppedAt: &stoppedAt) else { return nil }
                    offset += image.width * image.height
                }
                return table.result
            }
            if let scan { return (.indexed(IndexedPalette(scan)), indices) }
        }
        var alpha: UInt32 = 0xFFFF_FFFF
        for image in images where alpha >= 0xFF00_0000 { image.andAll(from: 0, into: &alpha) }
        return (.truecolor(opaque: alpha >= 0xFF00_0000), indices)
    }
}
