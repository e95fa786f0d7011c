import Tiles

/// `--zoom A-B` or `--zoom A`: the zoom levels of a region or a tile list, within 0…30.
struct ZoomLevels: OptionValue {
    static let option = "--zoom"
    let range: ClosedRange<Int>

    static func parse(_ text: String) throws(OptionValueError) -> ZoomLevels {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Int(parts[0]), let high = Int(parts[parts.count - 1]) else {
            throw OptionValueError(option, "'\(text)' is not A-B or A (for example 0-12)")
        }
        guard 0 <= low, low <= high, high <= TileID.maximumZoom else {
            throw OptionValueError(option, "'\(text)' must satisfy 0 ≤ A ≤ B ≤ \(TileID.maximumZoom)")
        }
        return ZoomLevels(range: low...high)
    }
}
