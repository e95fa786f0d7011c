import Clusters
import ClustersPostgres
import Testing
import TestPostgres

extension PostgresTests {
    /// Property values compared with what PostgreSQL itself prints for the same values (`to_json`,
    /// through `psql`), so the binary decoding is checked against the server, not against itself.
    @Suite struct Values {
        @Test(arguments: [
            ("timestamp", ["2024-05-01 12:30:05.25", "2000-01-01 00:00:00", "1999-12-31 23:59:59.999999",
                           "1970-01-01 00:00:00", "1900-02-28 01:02:03.000001", "2400-02-29 00:00:00",
                           "infinity", "-infinity"]),
            ("timestamptz", ["2024-05-01 12:30:05.25+02", "1969-12-31 23:59:59.5+00", "2038-01-19 03:14:08+00"]),
            ("date", ["2024-02-29", "2000-01-01", "1999-12-31", "1582-10-15", "5874897-12-31", "infinity"]),
            ("numeric", ["0", "0.5", "-12.50", "1e30", "0.00005", "123456789.123456789", "10000", "-0.0001",
                         "99999999.00000001", "1.000", "1000000"]),
            ("time", ["00:00:00", "12:30:05.25", "23:59:59.999999", "24:00:00"]),
            ("interval", ["0", "1 year 2 months 3 days 04:05:06.5", "-1 month", "-3 days 02:00:00", "00:00:00.001",
                          "-00:00:01.5", "100 hours"]),
        ])
        func matchesPostgreSQL(type: String, values: [String]) async throws {
            let server = try PostgresTests.server
            let list = values.enumerated().map { "(\($0.offset), '\($0.element)'::\(type))" }.joined(separator: ", ")
            let source = "(VALUES \(list)) AS v(n, value)"
            let expected = try server.psql("""
                SET TimeZone = 'UTC'; SET IntervalStyle = 'iso_8601';
                SELECT to_json(value) FROM \(source) ORDER BY n;
                """)
                .split(separator: "\n")
                .map { #"{"value":"# + $0.replacingOccurrences(of: "+00:00\"", with: "Z\"") + "}" }
            let outcome = try await server.read("SELECT n AS id, 0 AS lon, 0 AS lat, value FROM \(source) ORDER BY n")
            #expect(outcome.points.rows.map(\.properties) == expected)
        }

        /// PostgreSQL's own JSON writes `0044-03-15T12:00:00 BC`, which is not ISO 8601; Cairn writes
        /// ISO 8601's astronomical years (1 BC is year 0).
        @Test func datesBeforeYearOneAreISO8601() async throws {
            let server = try PostgresTests.server
            let outcome = try await server.read("""
                SELECT 1 AS id, 0 AS lon, 0 AS lat, '0044-03-15 12:00:00.5 BC'::timestamp AS ides,
                    '0001-12-31 BC'::date AS last, '4713-01-01 BC'::timestamptz AS first
                """)
            #expect(outcome.points.properties[0] == #"""
                {"ides":"-0043-03-15T12:00:00.5","last":"0000-12-31","first":"-4712-01-01T00:00:00Z"}
                """#)
        }

        @Test func numericSpecialValuesAndFloatsInJSON() async throws {
            let server = try PostgresTests.server
            let outcome = try await server.read("""
                SELECT 1 AS id, 0 AS lon, 0 AS lat, 'NaN'::numeric AS a, 'Infinity'::numeric AS b,
                    '-Infinity'::float8 AS c, 1e21::float8 AS d, 1.1::float4 AS e, 2147483648::int8 AS f,
                    (-32768)::int2 AS g, 1e-7::float8 AS h, 12::oid AS i
                """)
            #expect(outcome.points.properties[0] == #"""
                {"a":null,"b":null,"c":null,"d":1e+21,"e":1.1,"f":2147483648,"g":-32768,"h":1e-7,"i":12}
                """#)
        }

        @Test func otherTypesAreTextOrHex() async throws {
            let server = try PostgresTests.server
            let mood = TestPostgres.tableName("mood")
            try server.psql("CREATE TYPE \(mood) AS ENUM ('sad', 'happy')")
            let outcome = try await server.read("""
                SELECT 1 AS id, 0 AS lon, 0 AS lat, 'happy'::\(mood) AS mood, '\\x00ff'::bytea AS raw,
                    'pg_class'::name AS n, 'x'::"char" AS c, 'ab'::char(4) AS padded,
                    '{"b":  1}'::json AS spaced, '{}'::jsonb AS empty, ARRAY[1, 2] AS arr,
                    'line' || chr(10) AS newline, true AS yes
                """)
            let arrayHex = try server.psql("SELECT upper(encode(array_send(ARRAY[1, 2]), 'hex'))")
            #expect(outcome.points.properties[0] == """
                {"mood":"happy","raw":"\\\\x00ff","n":"pg_class","c":"x","padded":"ab  ",\
                "spaced":{"b":  1},"empty":{},"arr":"\(arrayHex)","newline":"line\\n","yes":true}
                """)
        }
    }
}
