import Hummingbird
import NIOCore

/// A WMTS request that cannot be answered, as OGC Web Services Common 1.1 reports it: an
/// `ows:ExceptionReport` (`application/xml`) with the standard's `exceptionCode`, the parameter at
/// fault as `locator`, and the HTTP status WMTS 1.0 gives the code (07-057r7, table 28).
struct OWSException: Error, Equatable, Sendable {
    /// The exception codes WMTS 1.0 uses.
    enum Code: String, Sendable {
        /// 400: a mandatory parameter is missing.
        case missingParameterValue = "MissingParameterValue"
        /// 400: a parameter's value is not one the service offers.
        case invalidParameterValue = "InvalidParameterValue"
        /// 400: TileMatrix, TileRow or TileCol beyond the layer's limits or the matrix.
        case tileOutOfRange = "TileOutOfRange"
        /// 501: a `REQUEST` the service does not implement.
        case operationNotSupported = "OperationNotSupported"
        /// Anything else, with the status of the failure (404 for a tile the layer does not have, 502, 503, 504).
        case noApplicableCode = "NoApplicableCode"
    }

    let code: Code
    /// The parameter at fault, as the KVP encoding names it (`LAYER`, `TILEROW`…); nil for none.
    let locator: String?
    /// What is wrong, in a sentence.
    let text: String
    let status: HTTPResponse.Status
    /// Fields of the failure beneath (`Retry-After` of a 503, the 404's longer `Cache-Control`).
    var extraFields: HTTPFields = [:]

    /// The mandatory `parameter` is missing.
    static func missing(_ parameter: String) -> OWSException {
        OWSException(code: .missingParameterValue, locator: parameter, text: "the parameter \(parameter) is missing", status: .badRequest)
    }

    /// `parameter`'s value is not one the service offers; `text` says why.
    static func invalid(_ parameter: String, _ text: String) -> OWSException {
        OWSException(code: .invalidParameterValue, locator: parameter, text: text, status: .badRequest)
    }

    /// `parameter` names a tile outside the layer's limits or the matrix.
    static func outOfRange(_ parameter: String, _ text: String) -> OWSException {
        OWSException(code: .tileOutOfRange, locator: parameter, text: text, status: .badRequest)
    }

    /// The failure of the route that serves the tile (a tile the source does not have, a bad
    /// upstream, an overloaded server), with its status and fields.
    init(_ failure: ServeError) {
        self.init(code: .noApplicableCode, locator: nil, text: failure.publicMessage, status: failure.status, extraFields: failure.headers)
    }

    init(code: Code, locator: String?, text: String, status: HTTPResponse.Status, extraFields: HTTPFields = [:]) {
        self.code = code
        self.locator = locator
        self.text = text
        self.status = status
        self.extraFields = extraFields
    }

    /// The exception report.
    var document: String {
        let locator = self.locator.map { " locator=\"\(XMLText.escaped($0))\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.opengis.net/ows/1.1 http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd" \
            version="1.0.0" xml:lang="en">
              <ows:Exception exceptionCode="\(code.rawValue)"\(locator)>
                <ows:ExceptionText>\(XMLText.escaped(text))</ows:ExceptionText>
              </ows:Exception>
            </ows:ExceptionReport>

            """
    }

    /// The answer: the report as `application/xml`, `Cache-Control: no-store` unless the failure says otherwise.
    var response: Response {
        var fields: HTTPFields = [.contentType: "application/xml", .cacheControl: "no-store"]
        for field in extraFields { fields[field.name] = field.value }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
    }
}
