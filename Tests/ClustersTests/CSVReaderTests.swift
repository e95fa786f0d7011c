import Clusters
import Testing

@Suite("CSV point reader")
struct CSVReaderTests {
    @Test("reads rows: coordinates from lon/lat, the id column as id, every other column a property in order")
    func rows() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("cities.csv", """
            id,name,country,population,lon,lat
            362,Shahrak-e Qods,IR,29774,51.37601,35.75936
            2761369,Vienna,AT,1691468,16.37208,48.20849
            """)
        #expect(result.format == .csv)
        #expect(result.invalid.isEmpty)
        #expect(result.points.rows == [
            ReadPointRow(51.37601, 35.75936, id: "362", properties: #"{"name":"Shahrak-e Qods","country":"IR","population":29774}"#),
            ReadPointRow(16.37208, 48.20849, id: "2761369", properties: #"{"name":"Vienna","country":"AT","population":1691468}"#),
        ])
    }

    @Test("a field is a JSON number only when it is JSON number text; empty is null; anything else a string")
    func valueTypes() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("values.csv", """
            lat,lng,a,b,c,d,e,f,g,h,i,j,k,l
            1,2,29774,-1.5e3,0012,+5,.5,NaN,1.,,"",-0, 5,tab\there
            """)
        #expect(result.invalid.isEmpty)
        #expect(result.points.rows == [ReadPointRow(2, 1, properties: #"""
            {"a":29774,"b":-1.5e3,"c":"0012","d":"+5","e":".5","f":"NaN","g":"1.","h":null,"i":null,"j":-0,"k":" 5","l":"tab\there"}
            """#)])
    }

    @Test("ids: a number when the field is JSON number text, else a JSON string; empty is absent")
    func ids() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("ids.csv", "ID,x,y\n42,1,1\nstore-\"17\",2,2\n,3,3\n007,4,4\n")
        #expect(result.points.rows.map(\.id) == ["42", #""store-\"17\"""#, nil, #""007""#])
        #expect(result.points.rows.map(\.properties) == ["{}", "{}", "{}", "{}"])
    }

    @Test("RFC 4180 quoting: delimiters, doubled quotes and line breaks inside quotes, CRLF, a byte-order mark")
    func quoting() throws {
        let files = try ReaderTestFiles()
        let text = "\u{FEFF}\"name\",\"lon\",\"lat\"\r\n\"Sant Pere, Santa Caterina\",\"2.18152\",\"41.3845\"\r\n"
            + "\"He said \"\"hi\"\"\",1,2\r\n\"two\r\nlines\",3,4\r\n5'10\"\" tall,5,6\r\n"
        let result = try files.read("quoted.csv", text)
        #expect(result.invalid.isEmpty)
        #expect(result.points.rows == [
            ReadPointRow(2.18152, 41.3845, properties: #"{"name":"Sant Pere, Santa Caterina"}"#),
            ReadPointRow(1, 2, properties: #"{"name":"He said \"hi\""}"#),
            ReadPointRow(3, 4, properties: #"{"name":"two\r\nlines"}"#),
            ReadPointRow(5, 6, properties: #"{"name":"5'10\"\" tall"}"#),
        ])
    }

    @Test("finds longitude and latitude columns by their usual names, in any case", arguments: [
        ("lon,lat", (1.0, 2.0)), ("LNG,Lat", (1, 2)), ("long,latitude", (1, 2)), ("Longitude,LATITUDE", (1, 2)),
        ("x,y", (1, 2)), (" lon , lat ", (1, 2)), ("lat,lon", (2, 1)), ("x,lon,lat", (2, 3)), ("y,longitude,lat", (2, 3)),
    ])
    func columnNames(header: String, expected: (Double, Double)) throws {
        let files = try ReaderTestFiles()
        let width = header.split(separator: ",").count
        let row = (1...width).map(String.init).joined(separator: ",")
        let point = try #require(try files.read("names.csv", "\(header)\n\(row)\n").points.rows.first)
        #expect(point.longitude == expected.0)
        #expect(point.latitude == expected.1)
    }

    @Test("columns named by options: longitude, latitude and id")
    func renamedColumns() throws {
        let files = try ReaderTestFiles()
        let options = PointReadOptions(longitudeColumn: "E", latitudeColumn: "N", idColumn: "ref")
        let result = try files.read("renamed.csv", "ref,N,E,lon,id\nA1,48.2,16.3,99,7\n", options: options)
        #expect(result.points.rows == [ReadPointRow(16.3, 48.2, id: #""A1""#, properties: #"{"lon":99,"id":7}"#)])
    }

    @Test("semicolons and tabs are read as delimiters")
    func delimiters() throws {
        let files = try ReaderTestFiles()
        let semicolons = try files.read("excel.csv", "name;lon;lat\nA, B;1;2\n")
        #expect(semicolons.points.rows == [ReadPointRow(1, 2, properties: #"{"name":"A, B"}"#)])
        let tabs = try files.read("points.tsv", "name\tlon\tlat\nA,B\t3\t4\n")
        #expect(tabs.format == .tsv)
        #expect(tabs.points.rows == [ReadPointRow(3, 4, properties: #"{"name":"A,B"}"#)])
    }

    @Test("coordinates may have spaces around them, a plus sign, leading zeros, a bare decimal point")
    func lenientCoordinates() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("lenient.csv", "lon,lat\n 12.5 ,+45\n012,.5\n-5.,1e1\n")
        #expect(result.invalid.isEmpty)
        #expect(result.points.rows == [ReadPointRow(12.5, 45, properties: "{}"), ReadPointRow(12, 0.5, properties: "{}"), ReadPointRow(-5, 10, properties: "{}")])
    }

    @Test("reports each bad row with its line and row number, and reads the rest")
    func invalidRows() throws {
        let files = try ReaderTestFiles()
        let result = try files.read("bad.csv", """
            id,name,lon,lat
            1,ok,10,20
            2,short,10
            3,"multi
            line",abc,20

            4,far,200,0
            5,south,0,-91
            6,empty,,5
            7,nan,NaN,5
            8,inf,1e999,5
            9,"quoted"x,1,2
            10,extra,1,2,3
            11,also ok,-10,-20
            """)
        #expect(files.problems(result) == [
            "bad.csv:3: row 2: expected 4 fields, found 3",
            #"bad.csv:4: row 3: longitude "abc" is not a number"#,
            "bad.csv:7: row 4: longitude 200 is out of range (-180...180)",
            "bad.csv:8: row 5: latitude -91 is out of range (-90...90)",
            "bad.csv:9: row 6: longitude is empty",
            #"bad.csv:10: row 7: longitude "NaN" is not a number"#,
            "bad.csv:11: row 8: longitude 1e999 is not a finite number",
            "bad.csv:12: row 9: field 2 has text after its closing quote",
            "bad.csv:13: row 10: expected 4 fields, found 5",
        ])
        #expect(result.invalid.map(\.record?.kind) == Array(repeating: "row", count: 9))
        #expect(result.points.rows == [
            ReadPointRow(10, 20, id: "1", properties: #"{"name":"ok"}"#),
            ReadPointRow(-10, -20, id: "11", properties: #"{"name":"also ok"}"#),
        ])
    }

    @Test("a field that is not UTF-8 makes its row invalid")
    func notUTF8() throws {
        let files = try ReaderTestFiles()
        let path = try files.write("latin1.csv", bytes: Array("name,lon,lat\n".utf8) + [0x5A, 0xFC, 0x72] + Array(",8.55,47.37\n".utf8))
        let result = try PointReader.read(path: path)
        #expect(files.problems(result) == ["latin1.csv:2: row 1: field 1 is not valid UTF-8"])
    }

    @Test("a header without coordinates, a missing named column, or an unclosed quote is fatal", arguments: [
        ("id,name,a,b\n1,x,2,3\n", PointReadOptions(),
         #"bad.csv:1: no longitude column in the header (looked for longitude, lon, lng, long, x; columns: "id", "name", "a", "b")"#),
        ("id,lon,b\n1,2,3\n", PointReadOptions(),
         #"bad.csv:1: no latitude column in the header (looked for latitude, lat, y; columns: "id", "lon", "b")"#),
        ("id,lon,lat\n", PointReadOptions(longitudeColumn: "E"), #"bad.csv:1: no column "E" in the header (columns: "id", "lon", "lat")"#),
        ("id,lon,lat\n", PointReadOptions(idColumn: "ref"), #"bad.csv:1: no column "ref" in the header (columns: "id", "lon", "lat")"#),
        ("name,lon,lat\nok,1,2\n\"open,3,4\nmore,5,6\n", PointReadOptions(), "bad.csv:3:1: unterminated quoted field (no closing quote)"),
    ])
    func fatal(text: String, options: PointReadOptions, message: String) throws {
        let files = try ReaderTestFiles()
        #expect(try files.failure("bad.csv", text, options: options) == message)
    }

    @Test("a header alone has no points; an empty or blank file is an error, not an empty dataset")
    func empty() throws {
        let files = try ReaderTestFiles()
        #expect(try files.read("header.csv", "id,lon,lat\r\n").points.count == 0)
        #expect(try files.failure("empty.csv", "")
            == "empty.csv: the file is empty (0 bytes); expected a header row naming the longitude and latitude columns")
        #expect(try files.failure("blank.tsv", "\r\n\n")
            == "blank.tsv: the file holds only white space (3 bytes); expected a header row naming the longitude and latitude columns")
    }

    @Test("a first row of data is no header: one error naming the file, even when the data is valid")
    func noHeader() throws {
        let files = try ReaderTestFiles()
        #expect(try files.failure("rows.csv", "2.35,48.85,Paris\n13.4,52.52,Berlin\n") == #"rows.csv:1: no header row: the first row ("2.35", "48.85", "Paris") holds data, not column names; a CSV needs a header naming its longitude and latitude columns (e.g. lon,lat)"#)
        // A header with a number for a name is still a header when it has the coordinates.
        #expect(try files.read("years.csv", "lon,lat,2020,2021\n1,2,3,4\n").points.count == 1)
        // Names without coordinates: the header's own problem.
        #expect(try files.failure("names.csv", "a,b,1\n") == #"names.csv:1: no longitude column in the header (looked for longitude, lon, lng, long, x; columns: "a", "b", "1")"#)
    }
}
