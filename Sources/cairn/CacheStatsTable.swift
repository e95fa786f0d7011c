import CairnServer
import Tiles

/// `cairn cache stats` as a table: a row per group, then the total.
///
///     GROUP          ENTRIES     BYTES   SHARE  OLDEST                NEWEST
///     layer osm         1234   45.6 MB    2.3%  2026-11-20T08:12:00Z  2026-11-24T13:05:09Z
struct CacheStatsTable {
    let stats: CacheStats

    init(_ stats: CacheStats) { self.stats = stats }

    var text: String {
        let rows = stats.groups.map { row($0.group.description, $0.usage) } + [row("total", stats.total)]
        let header = ["GROUP", "ENTRIES", "BYTES", "SHARE", "OLDEST", "NEWEST"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        let lines = ([header] + rows).map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Names and times read left to right; numbers line up on the right.
                return [0, 4, 5].contains(column) ? cell + padding : padding + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return lines.joined(separator: "\n") + "\n\(stats.directory): cache.max_size \(ByteCount.format(Double(stats.capacity)))"
    }

    private func row(_ name: String, _ usage: CacheStats.Usage) -> [String] {
        [name, String(usage.tiles), ByteCount.format(Double(usage.bytes)), percent(stats.share(usage)),
         usage.oldest.map(CacheStats.timestamp) ?? "-", usage.newest.map(CacheStats.timestamp) ?? "-"]
    }

    private func percent(_ share: Double) -> String {
        share == 0 ? "0%" : share < 0.001 ? "<0.1%" : String(format: "%.1f%%", share * 100)
    }
}
