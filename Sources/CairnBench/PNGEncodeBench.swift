import Canvas
import ClusterOverlays
import Clusters
import Codecs
import Foundation
import Tiles

/// The "PNG encoder" section (issue 21, part 1): Cairn's SIMD encoder against libdeflate level 1 with
/// the `sub` filter (the truecolour default before it) on the mosaicked corpus tiles and on overlay
/// tiles, every path this CPU has, forced in process (the portable kernels too: what aarch64 runs,
/// issue 48); then the `mosaic|grid` chain per tile with each as the encoder.
struct PNGEncodeBench {
    /// The project's root: the corpus tiles, the sample cities, the Pillow script and its font are under it.
    let projectRoot: String
    private var worldRoot: String { projectRoot + "/Tests/Fixtures/tiles/world" }
    private var citiesPath: String { projectRoot + "/Samples/points/cities15000.geojson" }

    static let floor = PNGEncoder(filter: .sub, allowIndexed: false, compressor: .libdeflate)

    func run() {
        Report.header("PNG encoder: SIMD (\(PNGEncoder.SIMDPath.active.rawValue)) vs libdeflate level 1 + sub, per tile, truecolour")
        let corpus = Self.corpus(worldRoot)
        let mosaic = try! RendererChain(spec: "mosaic")
        let mosaicked = corpus.map { tile, bytes -> Surface in
            var image = try! ImageDecoder.decode(bytes)
            try! mosaic.render(&image, context: RenderContext(tile: tile))
            return image
        }
        compare("mosaicked corpus tiles (\(mosaicked.count))", mosaicked)
        let overlays = Self.overlayTiles(citiesPath)
        if overlays.isEmpty {
            Report.note("cannot read \(citiesPath): no overlay tiles")
        } else {
            compare("overlay tiles (\(overlays.count), zoom 5)", overlays, overlayFilter: true)
        }
        chain(corpus)
    }

    /// Encode speed and bytes of each path against the floor on `surfaces`, all of them taking turns
    /// (``Measurement/interleaved(_:items:iterations:warmup:)``).
    private func compare(_ name: String, _ surfaces: [Surface], overlayFilter: Bool = false) {
        let filters: [PNGEncoder.Filter] = overlayFilter ? [.adaptive, .none] : [.adaptive]
        var encoders = [(name: "\(name): libdeflate 1 + sub", encoder: Self.floor, target: "")]
        for filter in filters {
            for path in PNGEncoder.SIMDPath.allCases.reversed() where path.isSupported {
                var encoder = PNGEncoder(filter: filter, allowIndexed: false, compressor: .simd)
                encoder.simdPath = path
                encoders.append(("  SIMD \(path.rawValue), \(filter)", encoder, path == .avx2 || path == .sse41 ? "≥ 3x" : ""))
            }
        }
        let runs = Measurement.interleaved(encoders.map { entry in
            (name: entry.name, body: { consume(try? entry.encoder.encode(surfaces[$0])) })
        }, items: surfaces.count, iterations: max(3 * surfaces.count, 300))
        let bytes = encoders.map { entry in surfaces.reduce(0) { $0 + ((try? entry.encoder.encode($1).count) ?? 0) } }
        Report.note("\(name), against libdeflate 1 + sub (\(String(format: "%.3f ms", runs[0].median))):")
        for index in encoders.indices.dropFirst() {
            Report.row(runs[index], baseline: runs[0], target: encoders[index].target)
            Report.note(String(format: "bytes %d against %d: %.3fx (target ≤ 1.10x)", bytes[index], bytes[0],
                               Double(bytes[index]) / Double(bytes[0])))
        }
        portableAgainstVectorPaths(encoders.map(\.encoder), runs)
        if overlayFilter {
            let overlayFloor = PNGEncoder(filter: .none, allowIndexed: false, compressor: .libdeflate)
            let bytes = surfaces.reduce(0) { $0 + ((try? overlayFloor.encode($1).count) ?? 0) }
            Report.note("(libdeflate 1 unfiltered, the overlay encoder before: \(bytes) bytes)")
        }
    }

    /// For each filter, the portable kernels' speed as a share of each vector path's, from the same run.
    private func portableAgainstVectorPaths(_ encoders: [PNGEncoder], _ runs: [Measurement]) {
        for (index, encoder) in encoders.enumerated() where encoder.simdPath == .portable {
            let shares = encoders.indices.compactMap { other -> String? in
                guard let path = encoders[other].simdPath, path != .portable, encoders[other].filter == encoder.filter else { return nil }
                return String(format: "%.2fx %@'s", runs[other].median / runs[index].median, path.rawValue)
            }
            if !shares.isEmpty { Report.note("portable, \(encoder.filter): \(shares.joined(separator: ", ")) speed") }
        }
    }

    /// decode + mosaic|grid + encode per tile, with the SIMD encoder and with the floor.
    private func chain(_ corpus: [(TileID, [UInt8])]) {
        let spec = try! RendererChain(spec: "mosaic|grid")
        let ours = TileProcessor(chain: spec, encoder: .png(PNGEncoder()))
        let floor = TileProcessor(chain: spec, encoder: .png(PNGEncoder(filter: .sub, compressor: .libdeflate)))
        let runs = Measurement.interleaved([("mosaic|grid per tile, libdeflate 1 + sub", floor),
                                            ("mosaic|grid per tile, SIMD (default)", ours)].map { name, processor in
            (name: name, body: { consume(try? processor.process(corpus[$0].1, tile: corpus[$0].0)) })
        }, items: corpus.count, iterations: 2 * corpus.count)
        let (floorRun, oursRun) = (runs[0], runs[1])
        Report.row(oursRun, baseline: floorRun, target: "≤ 0.8x the floor (≥ 1.25x)")
        let sizes = corpus.map { id, bytes in
            ((try? ours.process(bytes, tile: id).bytes.count) ?? 0, (try? floor.process(bytes, tile: id).bytes.count) ?? 0)
        }
        let (a, b) = sizes.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        Report.note(String(format: "bytes %d against %d: %.3fx", a, b, Double(a) / Double(b)))
        pillowPeer(oursRun)
    }

    /// The same chain in a Pillow batch (`scripts/lib/pillow-chain.py` in the test venv), per tile.
    private func pillowPeer(_ ours: Measurement) {
        let python = projectRoot + "/.venv/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return Report.note("Pillow peer skipped: no \(python) (make venv makes it)")
        }
        let output = NSTemporaryDirectory() + "cairn-bench-pillow-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = ChildProcess.run(python, [projectRoot + "/scripts/lib/pillow-chain.py", worldRoot,
                                            projectRoot + "/Fonts/DejaVuSans-Bold.ttf", "3"], stdout: output)
        guard run.status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8),
              let milliseconds = text.split(separator: " ").first.flatMap({ Double($0) }) else {
            return Report.note("Pillow peer failed (exit \(run.status))")
        }
        Report.note(String(format: "Pillow batch, the same chain (decode, 8x8 mosaic, grid label, PNG): %.3f ms a tile; Cairn %.1fx faster (target ≥ 4.5x)",
                           milliseconds, milliseconds / ours.median))
    }

    static func corpus(_ root: String) -> [(TileID, [UInt8])] {
        ((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
            .compactMap { path in
                (try? TileID(path: path)).map { ($0, Array(FileManager.default.contents(atPath: root + "/" + path)!)) }
            }
    }

    /// The sample cities' 32 busiest zoom-5 overlay tiles, drawn as the server draws them.
    static func overlayTiles(_ citiesPath: String) -> [Surface] {
        guard let result = try? PointReader.read(path: citiesPath),
              let index = try? ClusterIndex(points: result.points, options: ClusterOptions(radius: 80)),
              let overlay = try? ClusterOverlay(style: .google, label: .abbrev) else { return [] }
        let zoom = 5, side = 1 << zoom
        let busiest = (0..<(side * side)).map { ($0 % side, $0 / side) }
            .map { (x: $0.0, y: $0.1, items: index.tile(z: zoom, x: $0.0, y: $0.1, buffer: overlay.reach / 256).count) }
            .sorted { $0.items > $1.items }
            .prefix(32)
        return busiest.map { tile in
            let surface = try! Surface(width: 256, height: 256)
            try! overlay.draw(index, zoom: zoom, originX: 256 * tile.x, originY: 256 * tile.y, on: surface, scale: 1)
            return surface
        }
    }
}
