import PostgresNIO

/// How the binary values of one result column become JSON, chosen once per column from its type.
enum ValueKind: Sendable, Equatable {
    /// int2, int4, int8: a JSON number.
    case integer
    /// oid: an unsigned 32-bit JSON number.
    case unsignedInteger
    /// float4, float8: a JSON number, `null` when not finite.
    case float
    /// numeric: a JSON number with the digits PostgreSQL prints (`12.50`), `null` for NaN and infinities.
    case numeric
    /// bool: `true` or `false`.
    case bool
    /// text, varchar, char(n), name, "char": a JSON string.
    case text
    /// uuid: a JSON string, lowercase with hyphens.
    case uuid
    /// date: `"2024-05-01"`.
    case date
    /// time: `"12:30:00"`, with microseconds when there are any.
    case time
    /// timestamp: ISO 8601 without a zone, `"2024-05-01T12:30:00"`.
    case timestamp
    /// timestamptz: ISO 8601 in UTC, `"2024-05-01T12:30:00Z"`.
    case timestampWithTimeZone
    /// interval: an ISO 8601 duration, `"P1Y2M3DT4H5M6S"`.
    case interval
    /// json: its text as it is.
    case json
    /// jsonb: its text as it is (after the format's version byte).
    case jsonb
    /// bytea: PostgreSQL's hex text form, `"\\x0aff"`.
    case bytea
    /// Anything else (enums, citext, arrays, geometry…): the bytes as a string when they are
    /// UTF-8 text (enums and text-like types send their text), else as uppercase hex (PostGIS
    /// geometry's own text form; other binary types are best cast to text in the query).
    case other

    init(_ type: PostgresDataType) {
        switch type {
        case .int2, .int4, .int8: self = .integer
        case .oid: self = .unsignedInteger
        case .float4, .float8: self = .float
        case .numeric: self = .numeric
        case .bool: self = .bool
        case .text, .varchar, .bpchar, .name, .char: self = .text
        case .uuid: self = .uuid
        case .date: self = .date
        case .time: self = .time
        case .timestamp: self = .timestamp
        case .timestamptz: self = .timestampWithTimeZone
        case .interval: self = .interval
        case .json: self = .json
        case .jsonb: self = .jsonb
        case .bytea: self = .bytea
        default: self = .other
        }
    }

    /// True for the kinds a coordinate may have.
    var isNumber: Bool {
        switch self {
        case .integer, .float, .numeric: true
        default: false
        }
    }
}
