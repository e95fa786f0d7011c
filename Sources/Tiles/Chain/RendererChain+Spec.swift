import Foundation

extension RendererChain {
    /// Builds a chain from a SPEC: `name[:key=value[,key=value…]]` joined by `|`, e.g.
    /// `mosaic:cells=8,alpha=0.2|grid|grayscale`. The main parameter may be given bare (`blur:2`).
    /// A comma followed by something that is not `key=` belongs to the previous value, so text
    /// values may contain commas, and `=` after anything but a parameter-like name (`E=mc²`).
    /// An empty SPEC is the empty chain.
    public init(spec: String) throws {
        var renderers: [any Renderer] = []
        for item in spec.split(separator: "|", omittingEmptySubsequences: false) {
            let trimmed = Substring(item.trimmingCharacters(in: .whitespaces))
            if trimmed.isEmpty {
                if spec.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                throw ChainError("empty renderer in chain '\(spec)'")
            }
            let name: Substring, rest: Substring?
            if let colon = trimmed.firstIndex(of: ":") {
                name = trimmed[..<colon]
                rest = trimmed[trimmed.index(after: colon)...]
            } else {
                name = trimmed
                rest = nil
            }
            let descriptor = try RendererCatalog.named(String(name))
            renderers.append(try descriptor.renderer(rest.map { RendererChain.pairs($0, descriptor: descriptor) } ?? []))
        }
        self.init(renderers)
    }

    static func pairs(_ text: Substring, descriptor: RendererDescriptor) -> [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = []
        for segment in text.split(separator: ",", omittingEmptySubsequences: false) {
            let equals = segment.firstIndex(of: "=")
            let key = equals.map { segment[..<$0].trimmingCharacters(in: .whitespaces) } ?? ""
            // `key=` starts a parameter when the key is declared or looks like a parameter name
            // (then an unknown one is reported, so a misspelt `opacty=` is never drawn as text);
            // any other `=` (`E=mc²`, `X={x}`) belongs to the text around it.
            let declared = descriptor.parameters.contains { $0.name == key }
            if let equals, declared || looksLikeParameterName(key) {
                pairs.append((key, segment[segment.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
            } else if let last = pairs.popLast() {
                pairs.append((last.key, last.value + "," + segment))
            } else {
                pairs.append(("", String(segment).trimmingCharacters(in: .whitespaces)))
            }
        }
        return pairs
    }

    /// Lower-case ASCII letters, digits, `-` and `_`, starting with a letter: the shape of every
    /// renderer parameter's name.
    static func looksLikeParameterName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
