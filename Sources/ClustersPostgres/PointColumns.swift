import Clusters
import PostgresNIO

/// What each column of a query's result is for — the id, a coordinate or a property — and how its
/// values become JSON; worked out once from the result's row description, before any row.
struct PointColumns: Sendable {
    enum Role: Sendable, Equatable {
        case id
        case longitude
        case latitude
        /// A property, with its key already written as JSON (`"name":`).
        case property(key: [UInt8])
    }

    /// Per column, in result order.
    let roles: [Role]
    let kinds: [ValueKind]

    /// Finds the query's id (when `idColumn` is set), longitude and latitude columns by name (the
    /// first column of that name); every other column is a property.
    init(names: [String], types: [PostgresDataType], for query: PostgresPointQuery) throws(PostgresPointError) {
        func find(_ name: String, role: String) throws(PostgresPointError) -> Int {
            guard let index = names.firstIndex(of: name) else {
                throw .missingColumn(name: name, role: role, columns: names)
            }
            return index
        }
        let longitude = try find(query.longitudeColumn, role: "longitude")
        let latitude = try find(query.latitudeColumn, role: "latitude")
        let id = try query.idColumn.map { name throws(PostgresPointError) in try find(name, role: "id") }
        kinds = types.map(ValueKind.init)
        for (index, role) in [(longitude, "longitude"), (latitude, "latitude")] where !kinds[index].isNumber {
            throw .notANumberColumn(name: names[index], role: role, type: types[index].displayName)
        }
        roles = names.indices.map { index -> Role in
            switch index {
            case longitude: return .longitude
            case latitude: return .latitude
            case _ where index == id: return .id
            default:
                var key = JSONOutput()
                key.string(names[index])
                key.raw(":")
                return .property(key: key.bytes)
            }
        }
    }

    init(_ columns: PostgresColumns, for query: PostgresPointQuery) throws(PostgresPointError) {
        try self.init(names: columns.map(\.name), types: columns.map(\.dataType), for: query)
    }
}

extension PostgresDataType {
    /// The SQL name (`text`), or `type OID 12345` for types PostgresNIO does not know (extensions').
    var displayName: String {
        knownSQLName ?? "type OID \(rawValue)"
    }
}
