/// A parsed JSON value. Objects keep their members in the order they were written, so a feature's
/// properties round-trip in their order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The number, when this is one.
    public var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// Compact JSON text for the value.
    public var jsonText: String {
        var output = JSONOutput()
        output.write(self)
        return output.text
    }
}

/// A JSON object: members in the order they were written. A key written twice keeps its last value
/// when looked up (as JavaScript's `JSON.parse` does), and both when written out again.
public struct JSONObject: Sendable, Equatable {
    public var members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The last value written for `key`.
    public subscript(key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
