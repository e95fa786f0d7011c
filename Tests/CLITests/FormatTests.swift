import Canvas
import Codecs
import Foundation
import Testing
import TestTier
import Tiles

/// PNG, JPEG and WebP in and out of `cairn filter` and `cairn render`, in any mix.
@Suite(.process) struct FormatTests {
    private let tile = worldTile("2/2/1")
    private var corpusTemplate: String { "file://\(worldTiles)/{z}/{x}/{y}.png" }

    @Test func webpInputThroughFilter() throws {
        let directory = try Cairn.temporaryDirectory()
        let original = try ImageDecoder.decode(tile)
        try write(try WebPEncoder(quality: 100, lossless: true).encode(original), to: directory + "/2/2/1.webp")
        let fromWebP = try Cairn.run(["filter", directory + "/2/2/1.webp", "--chain", "grayscale|grid", "-o", directory + "/out.png"])
        let fromPNG = try Cairn.run(["filter", "--tile", "2/2/1", "--chain", "grayscale|grid"], stdin: tile)
        #expect(fromWebP.status == 0, "\(fromWebP.stderr)")
        #expect(fromPNG.status == 0, "\(fromPNG.stderr)")
        let written = contents(directory + "/out.png")
        #expect(magic(written) == "png")
        // Lossless WebP holds the tile's exact pixels, and the tile is inferred from the .../2/2/1.webp path.
        #expect(pixels(try ImageDecoder.decode(written)) == pixels(try ImageDecoder.decode(fromPNG.stdout)))
    }

    @Test func jpegInputThroughFilter() throws {
        let directory = try Cairn.temporaryDirectory()
        let original = try ImageDecoder.decode(tile)
        let jpeg = try JPEGEncoder(quality: 92).encode(original)
        try write(jpeg, to: directory + "/x.jpg")
        let run = try Cairn.run(["filter", directory + "/x.jpg", "--chain", "grayscale", "-o", directory + "/y.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.isEmpty)
        let written = contents(directory + "/y.png")
        #expect(magic(written) == "png")
        let image = try ImageDecoder.decode(written)
        #expect(image.width == 256 && image.height == 256)
        let coloured = colouredPixels(image)
        #expect(coloured.isEmpty, "\(coloured.count) pixels not grey, e.g. \(coloured.prefix(3))")
        // It is this tile, greyed: close to the PNG original through the same chain.
        let reference = try ImageDecoder.decode(try Cairn.run(["filter", "--chain", "grayscale"], stdin: tile).stdout)
        #expect(meanDifference(image, reference) < 4)

        // From stdin with no output name, a JPEG stays a JPEG.
        let piped = try Cairn.run(["filter", "--chain", "grayscale"], stdin: jpeg)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(magic(piped.stdout) == "jpeg")
    }

    @Test(arguments: [("png", "png"), ("jpeg", "jpeg"), ("jpg", "jpeg"), ("webp", "webp")])
    func filterFormatOptionChoosesTheOutput(option: String, format: String) throws {
        for chain in ["grayscale", ""] {   // the empty chain too: another format means a conversion, not a pass-through
            let run = try Cairn.run(["filter", "--chain", chain, "--format", option], stdin: tile)
            #expect(run.status == 0, "\(chain): \(run.stderr)")
            #expect(magic(run.stdout) == format, "--chain '\(chain)' --format \(option)")
            let image = try ImageDecoder.decode(run.stdout)
            #expect(image.width == 256 && image.height == 256)
            if chain.isEmpty {
                #expect(meanDifference(image, try ImageDecoder.decode(tile)) < 4, "--format \(option) keeps the picture")
            }
        }
    }

    @Test(arguments: [("png", "png", "png"), ("jpeg", "jpg", "jpeg"), ("webp", "webp", "webp")])
    func renderFormatOptionChoosesTheFilesAndTheirNames(option: String, fileExtension: String, format: String) throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try Cairn.run(["render", "--source", corpusTemplate, "--bbox=-180,-85,180,85", "--zoom", "0-1",
                                 "--format", option, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        let written = files(under: out)
        #expect(written == ["0/0/0", "1/0/0", "1/0/1", "1/1/0", "1/1/1"].map { "\($0).\(fileExtension)" })
        for name in written {
            let bytes = contents(out + "/" + name)
            #expect(magic(bytes) == format, "\(name)")
            let source = try ImageDecoder.decode(worldTile(String(name.dropLast(fileExtension.count + 1))))
            #expect(meanDifference(try ImageDecoder.decode(bytes), source) < 4, "\(name)")
        }
    }

    @Test func mixedFormatSourceRendersEveryTileIntoPNG() throws {
        // z0-1 of the world in three formats under their own extensions, as a directory tree.
        let source = try Cairn.temporaryDirectory()
        let layout: [(tile: String, ext: String)] = [("0/0/0", "webp"), ("1/0/0", "png"), ("1/1/0", "jpg"), ("1/0/1", "webp"), ("1/1/1", "jpeg")]
        for (name, ext) in layout {
            let image = try ImageDecoder.decode(worldTile(name))
            switch ext {
            case "png": try write(worldTile(name), to: "\(source)/\(name).png")
            case "webp": try write(try WebPEncoder(quality: 90).encode(image), to: "\(source)/\(name).webp")
            default: try write(try JPEGEncoder(quality: 90).encode(image), to: "\(source)/\(name).\(ext)")
            }
        }
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try Cairn.run(["render", "--source", source, "--bbox=-180,-85,180,85", "--zoom", "0-1", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("rendered 5 tiles to \(out)"), "\(run.stderr)")
        #expect(run.stderr.contains("0 no tile, 0 skipped, 0 failed"), "\(run.stderr)")
        #expect(files(under: out) == layout.map { "\($0.tile).png" }.sorted())
        for (name, ext) in layout {
            let bytes = contents("\(out)/\(name).png")
            #expect(magic(bytes) == "png", "\(name) from .\(ext)")
            if ext == "png" {
                #expect(bytes == worldTile(name), "a PNG tile with an empty chain passes through untouched")
            } else {
                #expect(meanDifference(try ImageDecoder.decode(bytes), try ImageDecoder.decode(worldTile(name))) < 4, "\(name) from .\(ext)")
            }
        }
    }
}
