import Clusters
import ClustersPostgres
import Testing
import TestPostgres

extension PostgresTests {
    @Suite struct Reading {
        @Test func readsIdsCoordinatesAndPropertiesInColumnOrder() async throws {
            let server = try PostgresTests.server
            let table = TestPostgres.tableName("shops")
            try server.psql("""
                CREATE TABLE \(table) (id int8, name text, lon numeric, lat float8, visits int, rating float4,
                    open bool, tags jsonb, opened timestamp, note varchar(20));
                INSERT INTO \(table) VALUES
                    (1, 'Wien "Mitte"', 16.3725, 48.2083, 120, 4.5, true,
                        '{"kind": "cafe", "seats": [1, 2]}', '2024-05-01 12:30:05.25', NULL),
                    (2, 'Graz', 15.4395, 47.0707, -3, 0.1, false, NULL, '1999-12-31 23:59:59', E'a\\tb'),
                    (9007199254740993, NULL, -180, -90, NULL, NULL, NULL, '[]', NULL, '');
                """)
            let outcome = try await server.read(
                "SELECT id, name, lon, lat, visits, rating, open, tags, opened, note FROM \(table) ORDER BY lon DESC")

            #expect(outcome.invalid.isEmpty)
            #expect(outcome.points.rows == [
                Row(16.3725, 48.2083, id: "1", #"""
                    {"name":"Wien \"Mitte\"","visits":120,"rating":4.5,"open":true,"tags":{"kind": "cafe", "seats": [1, 2]},"opened":"2024-05-01T12:30:05.25","note":null}
                    """#),
                Row(15.4395, 47.0707, id: "2", #"""
                    {"name":"Graz","visits":-3,"rating":0.1,"open":false,"tags":null,"opened":"1999-12-31T23:59:59","note":"a\tb"}
                    """#),
                Row(-180, -90, id: "9007199254740993", #"""
                    {"name":null,"visits":null,"rating":null,"open":null,"tags":[],"opened":null,"note":""}
                    """#),
            ])
        }

        @Test func textAndUUIDIdsAreStringsAndNullIdsAreAbsent() async throws {
            let server = try PostgresTests.server
            let table = TestPostgres.tableName("stores")
            try server.psql("""
                CREATE TABLE \(table) (code text, key uuid, x int2, y float4, z int4);
                INSERT INTO \(table) VALUES ('store-17', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 16, 48.25, 7),
                                            (NULL, NULL, -5, 1.1, 8);
                """)
            let byCode = try await server.read("SELECT * FROM \(table) ORDER BY z") {
                $0.idColumn = "code"
                $0.longitudeColumn = "x"
                $0.latitudeColumn = "y"
            }
            #expect(byCode.points.rows == [
                Row(16, 48.25, id: #""store-17""#, #"{"key":"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11","z":7}"#),
                Row(-5, 1.1, id: nil, #"{"key":null,"z":8}"#),
            ])
            let byKey = try await server.read("SELECT key AS id, x AS lon, y AS lat FROM \(table) ORDER BY z")
            #expect(byKey.points.ids[0] == #""a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11""#)
            #expect(byKey.points.properties[0] == "{}")
        }

        @Test func withoutIdColumnEveryColumnButTheCoordinatesIsAProperty() async throws {
            let server = try PostgresTests.server
            let outcome = try await server.read("SELECT 7 AS id, 1.5::float8 AS lon, 2.5::numeric AS lat") {
                $0.idColumn = nil
            }
            #expect(outcome.points.rows == [Row(1.5, 2.5, id: nil, #"{"id":7}"#)])
        }

        @Test func rowsWithNullOrOutOfRangeCoordinatesAreReportedAndSkipped() async throws {
            let server = try PostgresTests.server
            let table = TestPostgres.tableName("places")
            try server.psql("""
                CREATE TABLE \(table) (n int, lon float8, lat numeric);
                INSERT INTO \(table) VALUES (1, 10, 20), (2, NULL, 20), (3, 10, 91.5), (4, 'NaN', 0),
                    (5, -180.5, 0), (6, 10, NULL), (7, 'Infinity', 0), (8, 180, 90), (9, 0, 'NaN');
                """)
            let outcome = try await server.read(
                "SELECT n AS id, lon, lat FROM \(table) ORDER BY n", name: "places")

            #expect(outcome.points.rows == [
                Row(10, 20, id: "1", "{}"),
                Row(180, 90, id: "8", "{}"),
            ])
            #expect(outcome.invalid.map(\.description) == [
                "places: row 2: longitude is NULL",
                "places: row 3: latitude 91.5 is out of range (-90...90)",
                "places: row 4: longitude NaN is not a finite number",
                "places: row 5: longitude -180.5 is out of range (-180...180)",
                "places: row 6: latitude is NULL",
                "places: row 7: longitude Infinity is not a finite number",
                "places: row 9: latitude NaN is not a finite number",
            ])
            #expect(outcome.invalid.allSatisfy { $0.line == nil && $0.record?.kind == "row" })
        }

        @Test func aRefreshSeesRowsInsertedSinceTheLastRead() async throws {
            let server = try PostgresTests.server
            let table = TestPostgres.tableName("live")
            try server.psql("""
                CREATE TABLE \(table) (id serial, lon float8, lat float8);
                INSERT INTO \(table) (lon, lat) VALUES (1, 1), (2, 2);
                """)
            let query = "SELECT id, lon, lat FROM \(table) ORDER BY id"
            let first = try await server.read(query)
            try server.psql("INSERT INTO \(table) (lon, lat) VALUES (3, 3); DELETE FROM \(table) WHERE id = 1;")
            let second = try await server.read(query)

            #expect(first.points.rows == [Row(1, 1, id: "1", "{}"), Row(2, 2, id: "2", "{}")])
            #expect(second.points.rows == [Row(2, 2, id: "2", "{}"), Row(3, 3, id: "3", "{}")])
        }

        @Test func anEmptyResultIsAnEmptyDataset() async throws {
            let server = try PostgresTests.server
            let outcome = try await server.read("SELECT 1 AS id, 0.0 AS lon, 0.0 AS lat WHERE false")
            #expect(outcome == PointReadResult())
        }

        @Test func aLargeResultStreamsIntoThePointSet() async throws {
            let server = try PostgresTests.server
            let count = 20_000  // kept small: a debug build decodes about 50k rows a second
            let outcome = try await server.read("""
                SELECT n AS id, (n % 360) - 180 AS lon, (n % 180) - 90 AS lat, 'p' || n AS name
                FROM generate_series(1, \(count)) AS n
                """)
            #expect(outcome.points.count == count)
            #expect(outcome.invalid.isEmpty)
            #expect(outcome.points.rows.last == Row(20, -70, id: "20000", #"{"name":"p20000"}"#))
        }

        @Test func postGISCoordinatesComeFromSTXAndSTY() async throws {
            let server = try PostgresTests.server
            let table = TestPostgres.tableName("pois")
            try server.psql("""
                CREATE EXTENSION IF NOT EXISTS postgis;
                CREATE TABLE \(table) (id text, geom geometry(Point, 4326), name text);
                INSERT INTO \(table) VALUES ('a', ST_SetSRID(ST_MakePoint(16.37, 48.21), 4326), 'Wien');
                """)
            let outcome = try await server.read(
                "SELECT id, ST_X(geom) AS lon, ST_Y(geom) AS lat, name, geom FROM \(table)")
            let geometryText = try server.psql("SELECT geom::text FROM \(table)")
            #expect(outcome.points.rows == [
                Row(16.37, 48.21, id: #""a""#, #"{"name":"Wien","geom":"\#(geometryText)"}"#),
            ])
        }
    }
}
