import Canvas

/// One typed parameter of a renderer, with its default; the chain SPEC, YAML and help are all read
/// from these declarations.
public struct RendererParameter: Sendable {
    public enum Kind: Sendable {
        case integer(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        case color
        case colors
        case text
    }

    public let name: String
    public let kind: Kind
    /// The value used when the parameter is not given; nil when it has none (then the renderer decides).
    public let defaultValue: String?
    public let summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: String?, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// A one-word description of the values accepted.
    var expected: String {
        switch kind {
        case .integer(let range): "an integer in \(range.lowerBound)...\(range.upperBound)"
        case .number(let range): "a number in \(range.lowerBound.formatted)...\(range.upperBound.formatted)"
        case .color: "a colour (#rrggbb, #rrggbbaa, rgb()/rgba() or a CSS name)"
        case .colors: "colours separated by spaces or ';'"
        case .text: "text"
        }
    }
}

private extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

/// The parameter values given to one renderer, checked against its declarations.
public struct RendererArguments: Sendable {
    let renderer: String
    let values: [String: String]
    let parameters: [RendererParameter]

    private func parameter(_ name: String) -> RendererParameter {
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            preconditionFailure("renderer \(renderer) reads undeclared parameter \(name)")
        }
        return parameter
    }

    private func raw(_ name: String) -> String? { values[name] ?? parameter(name).defaultValue }

    private func bad(_ name: String, _ value: String) -> ChainError {
        ChainError("\(renderer).\(name): '\(value)' is not \(parameter(name).expected)")
    }

    public func integer(_ name: String) throws -> Int {
        guard let text = raw(name) else { return 0 }
        guard let value = Int(text), case .integer(let range) = parameter(name).kind, range.contains(value) else {
            throw bad(name, text)
        }
        return value
    }

    public func number(_ name: String) throws -> Double {
        guard let text = raw(name) else { return 0 }
        guard let value = Double(text), value.isFinite, case .number(let range) = parameter(name).kind, range.contains(value) else {
            throw bad(name, text)
        }
        return value
    }

    /// A number parameter without a default: nil when it was not given.
    public func optionalNumber(_ name: String) throws -> Double? {
        raw(name) == nil ? nil : try number(name)
    }

    public func color(_ name: String) throws -> Color? {
        guard let text = raw(name) else { return nil }
        do { return try Color(parsing: text) } catch { throw bad(name, text) }
    }

    public func colors(_ name: String) throws -> [Color] {
        guard let text = raw(name), !text.isEmpty else { return [] }
        let parts = text.split(whereSeparator: { $0 == ";" || $0 == " " })
        do { return try parts.map { try Color(parsing: String($0)) } } catch { throw bad(name, text) }
    }

    public func text(_ name: String) -> String { raw(name) ?? "" }
}
