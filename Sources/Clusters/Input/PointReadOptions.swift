/// How to read a point file.
public struct PointReadOptions: Sendable, Equatable {
    /// The format; nil to take it from the file's extension, or else from its first bytes.
    public var format: PointFormat?
    /// The CSV column holding longitudes; nil to look for `longitude`, `lon`, `lng`, `long` or `x`
    /// (in that order of preference, ignoring case and surrounding spaces).
    public var longitudeColumn: String?
    /// The CSV column holding latitudes; nil to look for `latitude`, `lat` or `y`.
    public var latitudeColumn: String?
    /// The CSV column holding each point's id; nil for a column named `id` (any case), when there
    /// is one. A column named here must exist.
    public var idColumn: String?

    public init(
        format: PointFormat? = nil, longitudeColumn: String? = nil, latitudeColumn: String? = nil,
        idColumn: String? = nil
    ) {
        self.format = format
        self.longitudeColumn = longitudeColumn
        self.latitudeColumn = latitudeColumn
        self.idColumn = idColumn
    }
}
