import Snapshots

/// `--center LON,LAT`: the centre of a static map, in degrees.
struct MapCenter: OptionValue {
    static let option = "--center"
    let longitude: Double
    let latitude: Double

    static func parse(_ text: String) throws(OptionValueError) -> MapCenter {
        // Checked as `GET /static/…` checks a view, with a zoom every centre takes.
        let placement: SnapshotParameters.Placement
        do { placement = try SnapshotParameters.placement(text + ",0") } catch { throw OptionValueError(option, error.description) }
        guard case .centre(let longitude, let latitude, _) = placement else { throw OptionValueError(option, "'\(text.prefix(60))' is not LON,LAT") }
        return MapCenter(longitude: longitude, latitude: latitude)
    }
}

/// `--size WxH`: a static map's size in points, each side from 1 to the widest picture.
struct PictureSize: OptionValue {
    static let option = "--size"
    let width: Int
    let height: Int

    static func parse(_ text: String) throws(OptionValueError) -> PictureSize {
        do {
            let (width, height) = try SnapshotParameters.size(text, maximumSide: Cairn.StaticMap.largestSide)
            return PictureSize(width: width, height: height)
        } catch {
            throw OptionValueError(option, error.description)
        }
    }
}
