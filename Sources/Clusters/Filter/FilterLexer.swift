/// Splits a filter's text into tokens, CQL2 text's lexical rules: `'strings'` with `''` for a
/// quote, `"names"` with `""`, numbers with an optional sign, fraction and exponent, and the
/// operators `= <> != < <= > >=`. It reads Unicode scalars, not grapheme clusters, so a quote
/// after a combining or prepending mark still ends a string; columns count scalars.
struct FilterLexer {
    private let characters: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) {
        characters = Array(text.unicodeScalars)
    }

    /// Every token, ending with ``FilterToken/Kind/end``.
    static func tokens(of text: String) throws(FilterError) -> [FilterToken] {
        var lexer = FilterLexer(text)
        var tokens: [FilterToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws(FilterError) -> FilterToken {
        while position < characters.count, characters[position].properties.isWhitespace { position += 1 }
        let start = position
        let column = start + 1
        guard position < characters.count else { return FilterToken(kind: .end, column: column, text: "") }
        let character = characters[position]
        func token(_ kind: FilterToken.Kind) -> FilterToken {
            FilterToken(kind: kind, column: column, text: Self.text(characters[start..<position]))
        }
        switch character {
        case "(": position += 1; return token(.open)
        case ")": position += 1; return token(.close)
        case ",": position += 1; return token(.comma)
        case "=": position += 1; return token(.comparison(.equal))
        case "<", ">", "!":
            position += 1
            let following = position < characters.count ? characters[position] : nil
            switch (character, following) {
            case ("<", "="): position += 1; return token(.comparison(.lessOrEqual))
            case ("<", ">"), ("!", "="): position += 1; return token(.comparison(.notEqual))
            case (">", "="): position += 1; return token(.comparison(.greaterOrEqual))
            case ("<", _): return token(.comparison(.less))
            case (">", _): return token(.comparison(.greater))
            default: throw FilterError("unexpected '!' (not equal is <>)", column: column)
            }
        case "'":
            return token(.string(try quoted(by: "'", what: "string")))
        case "\"":
            return token(.quotedName(try quoted(by: "\"", what: "quoted property name")))
        case "0"..."9", ".", "-", "+":
            return token(.number(try number(column: column)))
        default:
            guard character.properties.isAlphabetic || character == "_" else {
                throw FilterError("unexpected '\(character)'", column: column)
            }
            while position < characters.count, Self.continuesName(characters[position]) { position += 1 }
            return token(.word(Self.text(characters[start..<position])))
        }
    }

    private static func continuesName(_ character: Unicode.Scalar) -> Bool {
        character.properties.isAlphabetic || character.properties.numericType != nil || character.properties.generalCategory == .nonspacingMark
            || character == "_" || character == "." || character == ":"
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    /// The text between `quote` and its closing twin, a doubled quote standing for one.
    private mutating func quoted(by quote: Unicode.Scalar, what: String) throws(FilterError) -> String {
        let column = position + 1
        position += 1
        var text = ""
        while position < characters.count {
            let character = characters[position]
            position += 1
            if character == quote {
                guard position < characters.count, characters[position] == quote else { return text }
                position += 1
            }
            text.unicodeScalars.append(character)
        }
        throw FilterError("unterminated \(what)", column: column)
    }

    private mutating func number(column: Int) throws(FilterError) -> Double {
        let start = position
        if characters[position] == "-" || characters[position] == "+" { position += 1 }
        var digits = 0
        func scanDigits() {
            while position < characters.count, characters[position].isASCII, (48...57).contains(characters[position].value) {
                position += 1
                digits += 1
            }
        }
        scanDigits()
        if position < characters.count, characters[position] == "." { position += 1; scanDigits() }
        if digits > 0, position < characters.count, characters[position] == "e" || characters[position] == "E" {
            position += 1
            if position < characters.count, characters[position] == "-" || characters[position] == "+" { position += 1 }
            let before = digits
            scanDigits()
            if digits == before { digits = 0 }
        }
        let text = Self.text(characters[start..<position])
        guard digits > 0, let value = Double(text), value.isFinite,
              position >= characters.count || !Self.continuesName(characters[position]) else {
            while position < characters.count, Self.continuesName(characters[position]) || characters[position] == "." { position += 1 }
            throw FilterError("'\(Self.text(characters[start..<position]))' is not a number", column: column)
        }
        return value
    }
}
