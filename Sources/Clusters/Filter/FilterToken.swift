/// One token of a filter's text, with the 1-based column where it starts.
struct FilterToken: Equatable {
    enum Kind: Equatable {
        /// A bare name: a property, or a keyword (`AND`, `IN`, `NULL`…) when it spells one.
        case word(String)
        /// A `"double-quoted"` property name (never a keyword).
        case quotedName(String)
        case string(String)
        case number(Double)
        case comparison(FilterComparison)
        case open, close, comma
        case end
    }

    let kind: Kind
    let column: Int
    /// The text the token was written as, for messages.
    let text: String

    /// Whether the token is the keyword `keyword` (given in capitals), in any case.
    func isKeyword(_ keyword: String) -> Bool {
        if case .word(let word) = kind { word.uppercased() == keyword } else { false }
    }

    /// How a message names the token: `'>='`, `'AND'`, `the end`.
    var named: String {
        kind == .end ? "the end of the filter" : "'\(text)'"
    }
}
