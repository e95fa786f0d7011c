import Foundation
import Tiles

/// A problem with one option of a cache operation (`--bbox`, `zoom=`, …): the CLI prefixes the
/// option with `--`, the admin API answers it as a 400.
public struct CacheOptionError: Error, CustomStringConvertible, Sendable {
    /// The option's name without dashes: `bbox`, `zoom`, `older-than`.
    public let option: String
    public let problem: String

    public init(_ option: String, _ problem: String) {
        self.option = option
        self.problem = problem
    }

    public var description: String { "\(option): \(problem)" }
}

/// Which cached tiles of one layer (or cluster dataset) a purge removes: every scale, format and
/// animation frame of the tiles in `zooms` that overlap `region`, stored more than `olderThan`
/// seconds ago. Unset parts select everything.
public struct CachePurge: Sendable {
    public let group: CacheGroup
    public let zooms: ClosedRange<Int>?
    public let region: BoundingBox?
    public let olderThan: Double?
    /// The region's tile ranges at each zoom 0…30, worked out once.
    private let ranges: [[TileRange]]?

    public init(group: CacheGroup, zooms: ClosedRange<Int>? = nil, region: BoundingBox? = nil, olderThan: Double? = nil) {
        self.group = group
        self.zooms = zooms
        self.region = region
        self.olderThan = olderThan
        ranges = region.map { box in (0...TileID.maximumZoom).map { box.tileRanges(zoom: $0) } }
    }

    /// Parses the options as the CLI and the admin API take them: `W,S,E,N`, `A-B` (or one zoom),
    /// a duration (`7d`, `12h`, `90m`, seconds).
    public init(group: CacheGroup, bbox: String?, zoom: String?, olderThan: String?) throws(CacheOptionError) {
        var region: BoundingBox?
        if let bbox {
            do { region = try BoundingBox(parsing: bbox) } catch { throw CacheOptionError("bbox", "\(error)") }
        }
        var age: Double?
        if let olderThan {
            do { age = try ServerConfig.seconds(String(olderThan.prefix(40)), name: "older-than", in: 0...3_153_600_000) } catch {
                throw CacheOptionError("older-than", error.problem)
            }
        }
        self.init(group: group, zooms: try zoom.map(Self.zoomRange), region: region, olderThan: age)
    }

    /// `A-B` or `Z`, within 0…30, A ≤ B.
    public static func zoomRange(_ text: String) throws(CacheOptionError) -> ClosedRange<Int> {
        let bounds = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { CacheLayout.number($0) }
        guard (1...2).contains(bounds.count), let low = bounds.first!, let high = bounds.last!,
              high <= TileID.maximumZoom, low <= high else {
            throw CacheOptionError("zoom", "'\(text.prefix(40))' is not a zoom or a range A-B within 0…\(TileID.maximumZoom)")
        }
        return low...high
    }

    func acceptsZoom(_ z: Int) -> Bool {
        guard z <= TileID.maximumZoom, zooms?.contains(z) ?? true else { return false }
        return ranges.map { !$0[z].isEmpty } ?? true
    }

    func acceptsColumn(_ z: Int, _ x: Int) -> Bool {
        ranges.map { $0[z].contains { ($0.minX...$0.maxX).contains(x) } } ?? true
    }

    func accepts(z: Int, x: Int, y: Int, stored: Double, now: Double) -> Bool {
        if let olderThan, stored > now - olderThan { return false }
        return ranges.map { $0[z].contains { ($0.minX...$0.maxX).contains(x) && ($0.minY...$0.maxY).contains(y) } } ?? true
    }
}
