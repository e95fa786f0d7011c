import Foundation
import Hummingbird
import HummingbirdCore

/// Query parameters shared by the routes: the query string itself, scales and whole numbers.
package enum QueryValue {
    /// The query string of `uri` as a dictionary (first value wins); absurdly long ones are refused.
    package static func parameters(of uri: URI) throws -> [String: String] {
        guard (uri.query?.utf8.count ?? 0) <= 4096 else { throw ServeError.badRequest("the query string is too long") }
        var values: [String: String] = [:]
        for (key, value) in pairs(of: uri) where values[key] == nil {
            values[key] = value
        }
        return values
    }

    /// The query's name/value pairs in order, decoded as HTML forms and `URLSearchParams` encode
    /// them: `+` is a space (`%2B` a plus), then percent-escapes; an escape that does not decode
    /// stays as it was.
    package static func pairs(of uri: URI) -> [(name: String, value: String)] {
        guard let query = uri.query, !query.isEmpty else { return [] }
        func decoded(_ part: Substring) -> String {
            let text = part.replacingOccurrences(of: "+", with: " ")
            return text.removingPercentEncoding ?? text
        }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (decoded(item), "") }
            return (decoded(item[..<equals]), decoded(item[item.index(after: equals)...]))
        }
    }

    /// `scale=`: 1 when absent, else a whole number from 1 to `maximum`.
    package static func scale(_ text: String?, maximum: Int) throws -> Int {
        guard let text else { return 1 }
        guard let scale = Int(text), (1...maximum).contains(scale) else {
            throw ServeError.badRequest("scale must be a whole number from 1 to \(maximum)")
        }
        return scale
    }

    /// A whole number (nil when absent), range-checked later by whoever uses it.
    package static func wholeNumber(_ text: String?, name: String) throws -> Int? {
        try text.map { text throws -> Int in
            guard let value = Int(text) else { throw ServeError.badRequest("\(name) must be a whole number") }
            return value
        }
    }
}
