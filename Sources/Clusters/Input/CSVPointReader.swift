/// Reads CSV (or TSV) with a header: the longitude and latitude columns make the point, an id
/// column its id, every other column a property, in column order (a JSON number when the field is
/// JSON number text, `null` when it is empty, else a JSON string). A UTF-8 byte-order mark has
/// been skipped by the caller.
enum CSVPointReader {
    static func read(
        _ text: UnsafeBufferPointer<UInt8>, source: String, delimiter: UInt8?, options: PointReadOptions
    ) throws(PointReadError) -> PointReadResult {
        let format: PointFormat = delimiter == 0x09 ? .tsv : .csv
        var scanner = CSVScanner(text, delimiter: delimiter ?? CSVScanner.likelyDelimiter(of: text))
        var record = CSVRecord()
        let hasHeader: Bool
        do throws(CSVUnterminatedQuote) {
            hasHeader = try scanner.next(into: &record)
        } catch {
            throw unterminated(error, source: source)
        }
        let collector = PointCollector(source: source, recordKind: "row", text: text)
        guard hasHeader else { return collector.result(format) }
        let names = record.fields.map { field in
            CSVRowReader.withText(of: field, in: text) { String(decoding: $0, as: UTF8.self) }
        }
        let columns: CSVColumns
        do throws(CSVColumnsError) {
            columns = try CSVColumns(names: names, options: options)
        } catch {
            throw .malformed("\(source):\(record.line): \(CSVColumns.dataRowProblem(names) ?? error.message)")
        }
        var rows = CSVRowReader(text: text, columns: columns, collector: collector)
        defer { rows.deallocate() }
        do throws(CSVUnterminatedQuote) {
            while try scanner.next(into: &record) { rows.read(record) }
        } catch {
            throw unterminated(error, source: source)
        }
        return rows.collector.result(format)
    }

    private static func unterminated(_ error: CSVUnterminatedQuote, source: String) -> PointReadError {
        .malformed("\(source):\(error.line):\(error.column): unterminated quoted field (no closing quote)")
    }
}

/// Turns CSV records into points, reusing its buffers from row to row.
private struct CSVRowReader {
    let text: UnsafeBufferPointer<UInt8>
    let columns: CSVColumns
    private(set) var collector: PointCollector
    private var number = 0
    private var id = ByteBuffer(capacity: 64)
    private var properties = ByteBuffer()
    // Buffers of their own rather than arrays, which every row would retain and release: each
    // property's column and its key's place in `keys` (`"name":`), and where its value lies in
    // `properties` (read while `collector` changes, without a copy).
    private let propertyColumns: UnsafeMutableBufferPointer<Int>
    private let propertyKeys: UnsafeMutableBufferPointer<Range<Int>>
    private var keys = ByteBuffer()
    private let propertyValues: UnsafeMutableBufferPointer<Range<Int>>

    init(text: UnsafeBufferPointer<UInt8>, columns: CSVColumns, collector: PointCollector) {
        self.text = text
        self.columns = columns
        self.collector = collector
        let count = columns.properties.count
        (propertyColumns, propertyKeys, propertyValues) = (.allocate(capacity: count), .allocate(capacity: count), .allocate(capacity: count))
        propertyValues.initialize(repeating: 0..<0)
        for (position, property) in columns.properties.enumerated() {
            propertyColumns[position] = property.column
            propertyKeys[position] = keys.count..<keys.count + property.key.count
            keys.append(property.key)
        }
    }

    func deallocate() {
        id.deallocate()
        properties.deallocate()
        keys.deallocate()
        propertyColumns.deallocate()
        propertyKeys.deallocate()
        propertyValues.deallocate()
    }

    /// Calls `body` with the text of `field`, doubled quotes made single.
    func withText<Result>(of field: CSVField, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        Self.withText(of: field, in: text, body)
    }

    /// Calls `body` with the text of `field` in `text`, doubled quotes made single.
    static func withText<Result>(
        of field: CSVField, in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let raw = UnsafeBufferPointer(rebasing: text[field.range])
        guard field.hasDoubledQuotes else { return body(raw) }
        var unquoted: [UInt8] = []
        unquoted.reserveCapacity(raw.count)
        var previousWasQuote = false
        for byte in raw {
            if byte == UInt8(ascii: "\""), previousWasQuote {
                previousWasQuote = false
                continue
            }
            previousWasQuote = byte == UInt8(ascii: "\"")
            unquoted.append(byte)
        }
        return unquoted.withUnsafeBufferPointer(body)
    }

    mutating func read(_ record: CSVRecord) {
        number += 1
        let start = PointCollector.RecordStart.line(record.line)
        guard record.fields.count == columns.count else {
            let problem = "expected \(columns.count) fields, found \(record.fields.count)"
            return collector.reject(at: start, number: number, problem: problem)
        }
        if let field = record.fieldWithTextAfterQuote {
            return collector.reject(at: start, number: number, problem: "field \(field) has text after its closing quote")
        }
        let longitude = withText(of: record.fields[columns.longitude]) { CSVFieldText.coordinate($0, axis: .longitude) }
        let latitude = withText(of: record.fields[columns.latitude]) { CSVFieldText.coordinate($0, axis: .latitude) }
        let coordinates: (Double, Double)
        switch (longitude, latitude) {
        case (.failure(let problem), _), (_, .failure(let problem)):
            return collector.reject(at: start, number: number, problem: problem.message)
        case (.success(let longitude), .success(let latitude)):
            coordinates = (longitude, latitude)
        }
        var hasID = false
        if let column = columns.id {
            id.removeAll()
            let field = record.fields[column]
            hasID = !field.range.isEmpty
            if hasID, !withText(of: field, { CSVFieldText.appendJSON($0, to: &id) }) {
                return rejectUTF8(column: column, start: start)
            }
        }
        properties.removeAll()
        properties.append(UInt8(ascii: "{"))
        let keys = keys.bytes
        for position in propertyColumns.indices {
            if position > 0 { properties.append(UInt8(ascii: ",")) }
            properties.append(UnsafeBufferPointer(rebasing: keys[propertyKeys[position]]))
            let valueStart = properties.count
            let column = propertyColumns[position]
            guard withText(of: record.fields[column], { CSVFieldText.appendJSON($0, to: &properties) }) else {
                return rejectUTF8(column: column, start: start)
            }
            propertyValues[position] = valueStart..<properties.count
        }
        properties.append(UInt8(ascii: "}"))
        collector.add(
            longitude: coordinates.0, latitude: coordinates.1, id: hasID ? id.bytes : nil,
            properties: SplitObjectText(text: properties.bytes, values: UnsafeBufferPointer(propertyValues)),
            consumed: record.fields.last?.range.upperBound ?? 0
        )
    }

    private mutating func rejectUTF8(column: Int, start: PointCollector.RecordStart) {
        collector.reject(at: start, number: number, problem: "field \(column + 1) is not valid UTF-8")
    }
}
