/// Fuzz target `PointsCSV`: the CSV reader (RFC 4180 quoting, `,` `;` or tab found from the
/// header) and, when the first line holds a tab, the TSV reader, through `PointReader`; see
/// ``FuzzPoints`` for what is checked.
///
/// Seeds: Fuzz/Seeds/PointsCSV Samples/points/cities15000.csv
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointsCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let header = input.bytes.prefix { $0 != UInt8(ascii: "\n") }
        try FuzzPoints.read(input.bytes, format: header.contains(UInt8(ascii: "\t")) ? .tsv : .csv)
    }
}
