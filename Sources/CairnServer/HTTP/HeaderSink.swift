import HTTPTypes
import HotLane

/// Where response header fields are appended in order: the `HTTPFields` of a response the router
/// sends, or the bytes of a head the hot lane writes itself (``HeadBytes``). Code that names an
/// answer's fields once, in one order, writes to either.
protocol HeaderSink {
    mutating func append(_ name: HTTPField.Name, _ value: String)
}

extension HTTPFields: HeaderSink {
    mutating func append(_ name: HTTPField.Name, _ value: String) {
        append(HTTPField(name: name, value: value))
    }
}

extension HeadBytes: HeaderSink {}
