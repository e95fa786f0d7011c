import Clusters
import Tiles

/// The points file a chain's renderer draws (`clusters:dataset=…`, `heatmap:points=…`), read
/// whole, and its `filter`; problems are chain errors naming the renderer's parameter.
enum ChainPoints {
    /// The points of `path`; an invalid record fails (named, with how many more there are).
    static func read(path: String, renderer: String, parameter: String) throws -> PointSet {
        let result: PointReadResult
        do {
            result = try PointReader.read(path: path, options: PointReadOptions())
        } catch {
            throw ChainError("\(renderer).\(parameter): \(error)")
        }
        if let first = result.invalid.first {
            throw ChainError("\(renderer).\(parameter): \(first)" + (result.invalid.count > 1 ? " (and \(result.invalid.count - 1) more invalid records)" : ""))
        }
        return result.points
    }

    /// The CQL2 filter `text`, nil when empty.
    static func filter(_ text: String, renderer: String) throws -> PointFilter? {
        do { return text.isEmpty ? nil : try PointFilter(parsing: text) } catch { throw ChainError("\(renderer).\(error)") }
    }
}
