/// Assembles an APNG from frames already compressed: the still PNG's header, `acTL`, then per frame
/// its `fcTL` and data (`IDAT` for the first frame, which is also the default image; `fdAT` after),
/// sequence numbers counting every `fcTL` and `fdAT` from 0.
enum APNGWriter {
    /// A frame ready to write: its control chunk and its zlib stream.
    struct Frame {
        var control: APNGFrameControl
        var data: [UInt8]
    }

    static func assemble(width: Int, height: Int, layout: PNGLayout, frames: [Frame], loopCount: Int,
                         idatLimit: Int = PNGWriter.maximumIDAT) -> [UInt8] {
        var total = PNGWriter.headerSize(layout) + PNGChunkWriter.size(ofChunkWith: 8) + PNGChunkWriter.size(ofChunkWith: 0)
        for (number, frame) in frames.enumerated() {
            total += PNGChunkWriter.size(ofChunkWith: APNGFrameControl.dataCount)
                + PNGChunkWriter.size(ofDataChunks: frame.data.count, limit: idatLimit, sequenced: number > 0)
        }
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var writer = PNGChunkWriter(buffer.baseAddress!)
            PNGWriter.writeHeader(&writer, width: width, height: height, layout: layout)
            writer.writeChunk("acTL", dataCount: 8) { data in
                PNGChunkWriter.store(UInt32(frames.count), at: data)
                PNGChunkWriter.store(UInt32(loopCount), at: data + 4)
            }
            var sequence: UInt32 = 0
            for (number, frame) in frames.enumerated() {
                frame.control.write(into: &writer, sequence: sequence)
                sequence += 1
                frame.data.withUnsafeBufferPointer { data in
                    if number == 0 {
                        var none: UInt32?
                        writer.writeDataChunks("IDAT", data: data.baseAddress!, count: data.count, limit: idatLimit, sequence: &none)
                    } else {
                        var next: UInt32? = sequence
                        writer.writeDataChunks("fdAT", data: data.baseAddress!, count: data.count, limit: idatLimit, sequence: &next)
                        sequence = next!
                    }
                }
            }
            writer.writeChunk("IEND", dataCount: 0) { _ in }
            initialized = writer.count
        }
    }
}
