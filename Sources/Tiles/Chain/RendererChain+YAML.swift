import YAMLLoading
import Yams

extension RendererChain {
    /// Builds a chain from YAML: a list whose items are a bare name (`- grid`), a name with its main
    /// value (`- blur: 2`) or a name with parameters (`- mosaic: {cells: 8, alpha: 0.2}`): the same
    /// names and parameters as the SPEC. Errors carry the item's path, e.g.
    /// `chain[1].mosaic.cells: '0' is not an integer in 1...256`.
    public init(yaml: String, path: String = "chain") throws {
        let node: Node?
        do {
            node = try YAMLDocument.root(of: yaml)
        } catch {
            throw ChainError("\(path): \(error)")
        }
        try self.init(node: node ?? Node.sequence(Node.Sequence([])), path: path)
    }

    /// Builds a chain from a YAML node already parsed (a configuration file's `chain:` key).
    public init(node: Node, path: String) throws {
        guard let items = node.sequence else {
            if let scalar = node.scalar, ["", "~", "null"].contains(scalar.string) { self.init([]); return }
            throw ChainError("\(path): expected a list of renderers")
        }
        var renderers: [any Renderer] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            do {
                renderers.append(try RendererChain.renderer(from: item, path: itemPath))
            } catch let error as ChainError {
                throw error.message.hasPrefix(itemPath) ? error : ChainError("\(itemPath).\(error.message)")
            }
        }
        self.init(renderers)
    }

    private static func renderer(from item: Node, path: String) throws -> any Renderer {
        if let name = item.scalar?.string {
            return try RendererCatalog.named(name).renderer([])
        }
        guard let mapping = item.mapping, mapping.count == 1, let (key, value) = mapping.first,
              let name = key.scalar?.string else {
            throw ChainError("\(path): expected a renderer name or {name: {parameter: value}}")
        }
        let descriptor = try RendererCatalog.named(name)
        switch value {
        case .scalar(let scalar):
            let isNull = scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null"
            return try descriptor.renderer(isNull ? [] : [("", scalar.string)])
        case .mapping(let parameters):
            var pairs: [(key: String, value: String)] = []
            for (parameter, parameterValue) in parameters {
                guard let key = parameter.scalar?.string else { throw ChainError("\(name): parameter names must be text") }
                if let list = parameterValue.sequence {
                    pairs.append((key, list.compactMap { $0.scalar?.string }.joined(separator: ";")))
                } else if let text = parameterValue.scalar?.string {
                    pairs.append((key, text))
                } else {
                    throw ChainError("\(name).\(key): expected a value")
                }
            }
            return try descriptor.renderer(pairs)
        default:
            throw ChainError("\(name): expected its parameters as a mapping")
        }
    }
}
