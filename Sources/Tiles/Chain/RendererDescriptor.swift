/// A renderer as the chain SPEC and YAML name it: nickname, parameters (the first is the main one,
/// which may be given bare: `blur:2`) and how to make it.
public struct RendererDescriptor: Sendable {
    public let name: String
    public let summary: String
    public let parameters: [RendererParameter]
    let make: @Sendable (RendererArguments) throws -> any Renderer

    public init(_ name: String, _ summary: String, _ parameters: [RendererParameter],
                make: @escaping @Sendable (RendererArguments) throws -> any Renderer) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.make = make
    }

    /// Builds the renderer from `name=value` pairs (a bare value is given the name `""`).
    public func renderer(_ given: [(key: String, value: String)]) throws -> any Renderer {
        var values: [String: String] = [:]
        for (key, value) in given {
            let name: String
            if key.isEmpty {
                guard let main = parameters.first else {
                    throw ChainError("\(self.name) takes no parameters (got '\(value)')")
                }
                name = main.name
            } else {
                name = key
            }
            guard parameters.contains(where: { $0.name == name }) else {
                let valid = parameters.map(\.name).joined(separator: ", ")
                throw ChainError("\(self.name): unknown parameter '\(name)' (valid: \(valid.isEmpty ? "none" : valid))")
            }
            guard values[name] == nil else { throw ChainError("\(self.name): '\(name)' given twice") }
            values[name] = value
        }
        return try make(RendererArguments(renderer: self.name, values: values, parameters: parameters))
    }
}
