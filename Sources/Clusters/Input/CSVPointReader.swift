/// Reads CSV (or TSV) with a header: the longitude and latitude columns make the point, an id
/// column its id, every other column a property, in column order (a JSON number when the field is
/// JSON number text, `null` when it is empty, else a JSON string). A UTF-8 byte-order mark has
/// been skipped by the caller.
enum CSVPointReader {
    static func read(_ window: InputWindow, delimiter: UInt8?, options: PointReadOptions) throws(PointReadError) -> PointReadResult {
        let source = window.name
        let format: PointFormat = delimiter == 0x09 ? .tsv : .csv
        var record = CSVRecord()
        // The header, in a window that holds all of its line (to see which delimiter it uses).
        var scanner = CSVScanner(window.text, delimiter: delimiter ?? CSVScanner.likelyDelimiter(of: window.text))
        while true {
            if let hasHeader = try next(&scanner, into: &record, in: window) {
                guard hasHeader else { return PointCollector(source: source, recordKind: "row", window: window).result(format) }
                break
            }
            try window.advance(keepingFrom: 0)
            scanner = CSVScanner(window.text, delimiter: delimiter ?? CSVScanner.likelyDelimiter(of: window.text))
        }
        let names = record.fields.map { field in
            CSVRowReader.withText(of: field, in: window.text) { String(decoding: $0, as: UTF8.self) }
        }
        let columns: CSVColumns
        do throws(CSVColumnsError) {
            columns = try CSVColumns(names: names, options: options)
        } catch {
            throw .malformed("\(source):\(record.line): \(CSVColumns.dataRowProblem(names) ?? error.message)")
        }
        let collector = PointCollector(source: source, recordKind: "row", window: window)
        var rows = CSVRowReader(window: window, columns: columns, collector: collector)
        defer { rows.deallocate() }
        while true {
            guard let hasRecord = try next(&scanner, into: &record, in: window) else {
                try window.advance(keepingFrom: scanner.position)
                scanner = CSVScanner(window.text, delimiter: scanner.delimiter, line: scanner.line)
                rows.windowMoved()
                continue
            }
            guard hasRecord else { break }
            rows.read(record)
        }
        return rows.collector.result(format)
    }

    /// The next record, nil when the window may not hold all of it.
    private static func next(_ scanner: inout CSVScanner, into record: inout CSVRecord, in window: InputWindow) throws(PointReadError) -> Bool? {
        do throws(CSVUnterminatedQuote) {
            return try scanner.next(into: &record, isWhole: window.isComplete)
        } catch {
            throw .malformed("\(window.name):\(error.line):\(error.column): unterminated quoted field (no closing quote)")
        }
    }
}

/// Turns CSV records into points, reusing its buffers from row to row.
private struct CSVRowReader {
    let window: InputWindow
    /// The window's text, which the records' fields are ranges of.
    private var text: UnsafeBufferPointer<UInt8>
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

    init(window: InputWindow, columns: CSVColumns, collector: PointCollector) {
        self.window = window
        text = window.text
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

    /// The window has read on: the next records are ranges of its new text.
    mutating func windowMoved() {
        text = window.text
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
            consumed: window.origin + (record.fields.last?.range.upperBound ?? 0)
        )
    }

    private mutating func rejectUTF8(column: Int, start: PointCollector.RecordStart) {
        collector.reject(at: start, number: number, problem: "field \(column + 1) is not valid UTF-8")
    }
}
