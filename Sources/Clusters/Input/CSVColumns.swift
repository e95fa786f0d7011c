/// Which columns of a CSV header hold the longitude, the latitude and the id, and the property
/// every other column becomes (its key pre-written as JSON, `"name":`).
struct CSVColumns {
    static let longitudeNames = ["longitude", "lon", "lng", "long", "x"]
    static let latitudeNames = ["latitude", "lat", "y"]

    let count: Int
    let longitude: Int
    let latitude: Int
    let id: Int?
    /// The other columns in order, each with its JSON key text followed by a colon.
    let properties: [(column: Int, key: [UInt8])]

    /// Finds the columns in `names`; the message says what is missing.
    init(names: [String], options: PointReadOptions) throws(CSVColumnsError) {
        let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
        func find(_ wanted: String?, candidates: [String], axis: String) throws(CSVColumnsError) -> Int {
            if let wanted {
                guard let index = Self.index(of: wanted, in: names) else {
                    throw CSVColumnsError(#"no column "\#(wanted)" in the header (columns: \#(listed))"#)
                }
                return index
            }
            for candidate in candidates {
                if let index = Self.index(of: candidate, in: names) { return index }
            }
            throw CSVColumnsError(
                "no \(axis) column in the header (looked for \(candidates.joined(separator: ", ")); columns: \(listed))"
            )
        }
        longitude = try find(options.longitudeColumn, candidates: Self.longitudeNames, axis: "longitude")
        latitude = try find(options.latitudeColumn, candidates: Self.latitudeNames, axis: "latitude")
        guard longitude != latitude else {
            throw CSVColumnsError(#"longitude and latitude are the same column, "\#(names[longitude])""#)
        }
        if let idName = options.idColumn {
            guard let index = Self.index(of: idName, in: names) else {
                throw CSVColumnsError(#"no column "\#(idName)" in the header (columns: \#(listed))"#)
            }
            id = index
        } else {
            id = Self.index(of: "id", in: names)
        }
        count = names.count
        let used = [longitude, latitude, id]
        properties = names.indices.filter { !used.contains($0) }.map { column in
            var key = JSONOutput()
            key.string(names[column])
            key.raw(":")
            return (column, key.bytes)
        }
    }

    /// The column named exactly `name`, or else the first whose name matches it ignoring case and
    /// surrounding spaces.
    private static func index(of name: String, in names: [String]) -> Int? {
        names.firstIndex(of: name) ?? names.firstIndex { normalized($0) == normalized(name) }
    }

    private static func normalized(_ name: String) -> String {
        trimmed(name).lowercased()
    }

    /// `name` without surrounding spaces and tabs.
    private static func trimmed(_ name: String) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        return String(name.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

extension CSVColumns {
    /// Why a first row that lacks the coordinate columns is not a header at all: two or more of its
    /// fields are numbers, so it holds a point's data, not column names (a file without its header,
    /// or one cut off and rewritten). Nil when it looks like names.
    static func dataRowProblem(_ fields: [String]) -> String? {
        let numbers = fields.filter { Double(trimmed($0)) != nil }
        guard numbers.count >= 2 else { return nil }
        let shown = fields.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ") + (fields.count > 4 ? ", …" : "")
        return "no header row: the first row (\(shown)) holds data, not column names; "
            + "a CSV needs a header naming its longitude and latitude columns (e.g. lon,lat)"
    }
}

/// A CSV header without the columns the reader needs.
struct CSVColumnsError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
