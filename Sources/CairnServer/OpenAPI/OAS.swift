/// Small constructors for the JSON objects of an OpenAPI 3.1 document (schemas, parameters,
/// responses), so that the operations read as tables.
enum OAS {
    typealias Object = [String: Any]

    /// `{"$ref": "#/components/SECTION/NAME"}`.
    static func ref(_ name: String, in section: String = "schemas") -> Object {
        ["$ref": "#/components/\(section)/\(name)"]
    }

    static func integer(_ range: ClosedRange<Int>) -> Object {
        ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
    }

    static func integer(minimum: Int) -> Object { ["type": "integer", "minimum": minimum] }

    static func number(_ range: ClosedRange<Double>) -> Object {
        ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound]
    }

    static func string(pattern: String? = nil, maxLength: Int? = nil, minLength: Int? = nil) -> Object {
        var schema: Object = ["type": "string"]
        if let pattern { schema["pattern"] = pattern }
        if let maxLength { schema["maxLength"] = maxLength }
        if let minLength { schema["minLength"] = minLength }
        return schema
    }

    static func choice(_ values: [String]) -> Object { ["type": "string", "enum": values] }

    static func array(_ items: Object, count: ClosedRange<Int>? = nil) -> Object {
        var schema: Object = ["type": "array", "items": items]
        if let count { schema["minItems"] = count.lowerBound; schema["maxItems"] = count.upperBound }
        return schema
    }

    /// An object schema with `required` properties (more may come unless `closed`).
    static func object(_ properties: [String: Object], required: [String] = [], closed: Bool = false) -> Object {
        var schema: Object = ["type": "object", "properties": properties]
        if !required.isEmpty { schema["required"] = required }
        if closed { schema["additionalProperties"] = false }
        return schema
    }

    static func nullable(_ schema: Object) -> Object { ["oneOf": [schema, ["type": "null"]]] }

    /// A required path parameter.
    static func path(_ name: String, _ schema: Object, _ description: String) -> Object {
        ["name": name, "in": "path", "required": true, "schema": schema, "description": description]
    }

    /// A query parameter, with an `example` of a good value (schemathesis's examples phase sends them).
    static func query(_ name: String, _ schema: Object, _ description: String, required: Bool = false, example: Any? = nil) -> Object {
        var parameter: Object = ["name": name, "in": "query", "required": required, "schema": schema, "description": description]
        if let example { parameter["example"] = example }
        return parameter
    }

    /// A response with `content` by media type and `headers` (names to `#/components/headers` refs).
    static func response(_ description: String, content: [String: Object] = [:], headers: [String] = []) -> Object {
        var response: Object = ["description": description]
        if !content.isEmpty { response["content"] = content }
        if !headers.isEmpty { response["headers"] = Dictionary(uniqueKeysWithValues: headers.map { ($0, ref($0, in: "headers")) }) }
        return response
    }

    /// A JSON body of `schema` under `mediaType`.
    static func json(_ schema: Object, mediaType: String = "application/json") -> [String: Object] {
        [mediaType: ["schema": schema]]
    }

    /// Image bodies, one entry per media type (no schema: the bytes are the image).
    static func images(_ mediaTypes: [String]) -> [String: Object] {
        Dictionary(uniqueKeysWithValues: mediaTypes.map { ($0, Object()) })
    }

    /// Shared responses by status, from `#/components/responses`.
    static func errors(_ statuses: [String]) -> [String: Object] {
        let names = ["304": "NotModified", "400": "BadRequest", "404": "NotFound", "409": "Conflict", "413": "TooLarge",
                     "502": "BadGateway", "503": "Overloaded", "504": "GatewayTimeout", "507": "InsufficientStorage"]
        return Dictionary(uniqueKeysWithValues: statuses.map { ($0, ref(names[$0]!, in: "responses")) })
    }
}

extension OAS {
    /// The configured names as an enum; a plain string when there are none (every answer a 404).
    static func names(_ names: [String]) -> Object {
        names.isEmpty ? ["type": "string", "minLength": 1] : choice(names.sorted())
    }

    /// The zooms of `ranges` together (0…30 when there are none).
    static func zooms(_ ranges: [ClosedRange<Int>]) -> ClosedRange<Int> {
        guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return 0...30 }
        return low...high
    }

    /// What every image answer carries.
    static let cachedImageHeaders = ["ETag", "Cache-Control", "Last-Modified", "Cache-Status"]
    /// What every JSON answer carries (`Content-Encoding` when gzipped).
    static let jsonHeaders = ["ETag", "Cache-Control", "Vary", "Content-Encoding"]
}
