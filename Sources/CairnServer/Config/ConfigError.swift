/// A configuration problem, named by its path in the file: `layers.osm.chain[1].mosaic.cells: expected an integer`.
public struct ConfigError: Error, Equatable, CustomStringConvertible, Sendable {
    public let path: String
    public let problem: String

    public init(_ path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}
