import Foundation

/// `cairn convert`: copies every tile of one or more ``TileArchive``s into a sink, byte for byte.
/// A tile several inputs hold is written once when their bytes are equal; when they differ it is
/// a ``Conflict`` naming the tile and both inputs, unless a ``Preference`` says which one wins.
public struct TileMerge {
    /// Which input wins when two hold different bytes for a tile.
    public enum Preference: String, Sendable, CaseIterable {
        case first, last
    }

    /// Two inputs hold different bytes for one tile.
    public struct Conflict: Error, CustomStringConvertible, Sendable {
        public let tile: TileID
        public let first: String
        public let second: String
        public var description: String {
            "tile \(tile) differs between \(first) and \(second) (--prefer first or --prefer last picks one)"
        }
    }

    /// The output could not be written (the error says why); reading problems are thrown as they are.
    public struct OutputFailure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// What a merge did.
    public struct Report: Sendable {
        /// Tiles written to the output.
        public var written = 0
        /// Tiles found again in a later input with the same bytes (written once).
        public var identical = 0
        /// Tiles two inputs held with different bytes, settled by the preference.
        public var settled = 0
        /// Zoom range and area of the tiles read.
        public var zooms: ClosedRange<Int>?
        var west = 180.0, south = 90.0, east = -180.0, north = -90.0

        mutating func cover(_ tile: TileID) {
            zooms = zooms.map { min($0.lowerBound, tile.z)...max($0.upperBound, tile.z) } ?? tile.z...tile.z
            let box = tile.bounds
            west = min(west, box.west); south = min(south, box.south)
            east = max(east, box.east); north = max(north, box.north)
        }

        /// The box around every tile read.
        public var bounds: BoundingBox? { west < east ? try? BoundingBox(west: west, south: south, east: east, north: north) : nil }
    }

    public let inputs: [TileArchive]
    public let preference: Preference?

    public init(inputs: [TileArchive], preference: Preference?) {
        self.inputs = inputs
        self.preference = preference
    }

    /// The tile format all inputs share; throws a ``StorageError`` when they disagree.
    public func format() throws -> String? {
        let named = inputs.compactMap { input in input.format.map { (input.path, PMTilesHeader.TileType(format: $0) == .unknown ? $0 : PMTilesHeader.TileType(format: $0).format) } }
        guard let first = named.first else { return nil }
        if let other = named.first(where: { $0.1 != first.1 }) {
            throw StorageError("\(first.0) holds \(first.1) tiles but \(other.0) holds \(other.1) tiles")
        }
        return first.1
    }

    /// Copies the tiles into `sink` (not finished: the caller finishes it with ``description(name:format:report:)``).
    /// `progress` hears about each tile read; `shouldStop` is asked between tiles.
    public func run(into sink: any TileSink, progress: (Int) -> Void, shouldStop: () -> Bool = { false }) async throws -> Report {
        var report = Report()
        // Which input wrote each tile and a hash of its bytes (only needed when there are several inputs).
        var seen: [UInt64: (input: Int, hash: ContentHash)] = [:]
        let tracking = inputs.count > 1
        for (index, input) in inputs.enumerated() {
            try await input.forEachTile { tile, bytes in
                if shouldStop() { throw CancellationError() }
                progress(1)
                report.cover(tile)
                guard tracking else {
                    try Self.write(tile, bytes, to: sink)
                    report.written += 1
                    return
                }
                let id = tile.pmtilesID
                let hash = ContentHash(bytes)
                if let earlier = seen[id] {
                    if earlier.hash == hash {
                        report.identical += 1
                        return
                    }
                    if earlier.input == index {
                        throw StorageError("\(input.path): holds tile \(tile) twice")
                    }
                    switch preference {
                    case nil: throw Conflict(tile: tile, first: inputs[earlier.input].path, second: input.path)
                    case .first:
                        report.settled += 1
                        return
                    case .last:
                        report.settled += 1
                        try Self.write(tile, bytes, to: sink)
                        seen[id] = (index, hash)
                        return
                    }
                }
                seen[id] = (index, hash)
                try Self.write(tile, bytes, to: sink)
                report.written += 1
            }
        }
        return report
    }

    private static func write(_ tile: TileID, _ bytes: [UInt8], to sink: any TileSink) throws {
        do { try sink.write(tile, data: bytes) } catch { throw OutputFailure(description: "\(error)") }
    }

    /// The output's description: the first input's name and fields, with the bounds the union of the
    /// inputs' (else of the tiles read), the zooms the union of theirs and of the tiles', the center
    /// recomputed when there are several inputs.
    public func description(name: String, format: String, report: Report) -> TilesetDescription {
        var inherited: [String: String] = [:]
        for input in inputs.reversed() {
            for (key, value) in input.metadata where !["name", "format", "bounds", "minzoom", "maxzoom"].contains(key) { inherited[key] = value }
        }
        if inputs.count > 1 { inherited["center"] = nil }
        var boxes: [BoundingBox] = []
        for input in inputs {
            let numbers = (input.metadata["bounds"] ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            if numbers.count == 4, let box = try? BoundingBox(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3]),
               !box.crossesAntimeridian {
                boxes.append(box)
            } else {
                boxes = []
                break
            }
        }
        let bounds = boxes.isEmpty ? report.bounds : try? BoundingBox(west: boxes.map(\.west).min()!, south: boxes.map(\.south).min()!,
                                                                       east: boxes.map(\.east).max()!, north: boxes.map(\.north).max()!)
        let minimums = inputs.compactMap { $0.metadata["minzoom"].flatMap { Int($0) } } + (report.zooms.map { [$0.lowerBound] } ?? [])
        let maximums = inputs.compactMap { $0.metadata["maxzoom"].flatMap { Int($0) } } + (report.zooms.map { [$0.upperBound] } ?? [])
        return TilesetDescription(name: inputs.first?.metadata["name"] ?? name, format: format, bounds: bounds,
                                  minZoom: minimums.min(), maxZoom: maximums.max(), inheritedFields: inherited)
    }
}
