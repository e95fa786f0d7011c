import Codecs
import Foundation
import RemoteTiles
import Tiles

/// What `cairn render`'s options ask for, checked and built: the tile list, the source, the
/// processor and where the output goes. Every problem is a `CLIError` naming its option.
struct RenderPlan {
    enum Output {
        case directory(String)
        case mbtiles(String)
        case pmtiles(String)
        case stdout
    }

    let list: TileList
    /// The `--tiles` list (nil for `--bbox`).
    let file: TileListFile?
    let region: BoundingBox?
    let source: any TileSource
    let processor: TileProcessor
    let format: ImageFormat
    let output: Output?
    let scale: Int
    /// Animated tiles' frames (`--frames`, `--times`); nil for still tiles.
    let animation: AnimatedTiles?

    /// Checks the options and opens the source (last, so that nothing is left open when a check
    /// fails; the caller closes it).
    init(_ command: Cairn.Render) throws {
        let zooms = command.zoom?.range
        let shard = command.shard ?? .whole
        if let bbox = command.bbox {
            region = bbox
            list = TileList(region: bbox, zooms: zooms!, shard: shard)
            file = nil
        } else {
            region = nil
            file = try TileListFile.open(command.tiles!, zooms: zooms, shard: shard)
            list = TileList(file: file!)
        }
        scale = command.scale
        let chain = try ChainOption.parse(command.chain)
        let locations = command.frameSources ?? [command.primarySource]
        let option = command.frameSources == nil ? "--source" : command.animation.option
        var sources: [any TileSource] = []
        for location in locations {
            if scale == 2, (try? URLTemplate(location))?.hasScale != true {
                throw CLIError.usage("--scale 2: the source '\(location)' has no {r} or {scale} for @2x tiles")
            }
            do {
                sources.append(try SourceLocation.open(location, subdomains: command.http.subdomainList, http: command.http.options,
                                                       maxzoom: command.sourceMaxzoom, overZoomDepth: command.overzoomDepth))
            } catch {
                throw CLIError.source(error, location: location, option: option)
            }
        }
        source = sources[0]
        format = command.format ?? SourceLocation.declaredFormat(of: command.primarySource) ?? .png
        if command.frameSources != nil {
            let frames = command.animation
            animation = AnimatedTiles(sources: sources, encoder: try frames.encoder(for: format, quality: command.quality),
                                      delay: frames.delay, loops: frames.loops)
        } else {
            animation = nil
        }
        let encoder: ImageEncoder
        switch format {
        // Overlay-only tiles are written as the server writes its overlay tiles.
        case .png: encoder = source is TransparentSource ? .overlay(for: .png) : .png(PNGEncoder())
        case .jpeg: encoder = .jpeg(quality: command.quality ?? 85)
        case .webp: encoder = .webp(quality: command.quality ?? 80, lossless: false)
        }
        processor = TileProcessor(chain: chain, encoder: encoder, recode: command.recode)
        switch command.out {
        case nil: output = nil
        case "-": output = .stdout
        case let path? where path.hasSuffix(".mbtiles"): output = .mbtiles(path)
        case let path? where path.hasSuffix(".pmtiles"): output = .pmtiles(path)
        case let path?:
            try OutputFile.requireTileDirectory(path, option: "--out ")
            output = .directory(path)
        }
    }

    /// Opens the output for writing.
    func openSink(resume: Bool) async throws -> any TileSink {
        do {
            switch output {
            case .directory(let path): return try DirectorySink(root: path, fileExtension: format.fileExtension)
            case .mbtiles(let path): return try MBTilesSink(path: path)
            case .pmtiles(let path): return try await PMTilesSink(path: path, resume: resume)
            case .stdout, nil:
                if Terminal.stdoutIsTerminal {
                    throw CLIError.usage("refusing to write a tar stream to a terminal; redirect stdout or give --out DIR")
                }
                return TarStreamSink(descriptor: STDOUT_FILENO, fileExtension: format.fileExtension)
            }
        } catch let error as CLIError {
            throw error
        } catch let error as PMTilesError {
            throw CLIError.archive(error)
        } catch {
            throw CLIError.io("--out: \(error)")
        }
    }

    /// Closes the source (every frame's, for animated tiles).
    func close() async {
        if let animation { await animation.close() } else { await source.close() }
    }

    /// How the output is named in messages.
    var outputName: String {
        switch output {
        case .directory(let path), .mbtiles(let path), .pmtiles(let path): path
        case .stdout, nil: "stdout"
        }
    }
}
