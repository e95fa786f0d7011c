import Yams

/// The one way Cairn parses YAML (server configuration, `cairn cache`, badge styles, chains): Yams,
/// and before anyone walks the result, a count of what its aliases repeat. Yams shares an aliased
/// node rather than copying it, so nine nested levels of ten aliases each ("billion laughs") parse
/// in a moment into a tree with 10⁹ leaves, which every later walk (`${NAME}` substitution, key
/// checks, decoding) would take minutes to visit. Such a document is refused here, after one walk
/// that visits each node written in the text once.
public enum YAMLDocument {
    /// The most nodes a document may reach through aliases (beyond the nodes it writes out). A
    /// configuration that reuses a 30-node chain in a thousand layers needs 30 000.
    public static let maximumAliasExpansions = 100_000

    /// The root node of `yaml`, nil when it holds no document. `resolver` chooses the scalars'
    /// tags, as in `Yams.compose`.
    ///
    /// - Throws: ``YAMLDocumentError`` when the text is not YAML, or when its aliases would
    ///   expand to more than ``maximumAliasExpansions`` nodes.
    public static func root(of yaml: String, resolver: Resolver = .default) throws(YAMLDocumentError) -> Node? {
        // The parser owns the anchors; the nodes hold them weakly, so it must outlive the count.
        let parser: Parser
        let root: Node?
        do {
            parser = try Parser(yaml: yaml, resolver: resolver)
            root = try parser.singleRoot()
        } catch {
            throw .notYAML("\(error)")
        }
        guard let root else { return nil }
        var count = AliasExpansionCount()
        let expanded = withExtendedLifetime(parser) { count.nodes(under: root) }
        guard expanded - count.written <= maximumAliasExpansions else { throw .tooManyAliasExpansions }
        return root
    }
}

/// Why ``YAMLDocument/root(of:resolver:)`` refused a text; the description is the problem, for
/// each reader to prefix with the file it read.
public enum YAMLDocumentError: Error, CustomStringConvertible, Equatable {
    /// Not YAML; the parser's message.
    case notYAML(String)
    /// Aliases that would expand to more than ``YAMLDocument/maximumAliasExpansions`` nodes.
    case tooManyAliasExpansions

    public var description: String {
        switch self {
        case .notYAML(let message): "not valid YAML (\(message))"
        case .tooManyAliasExpansions:
            "too many alias expansions (the aliases repeat more than \(YAMLDocument.maximumAliasExpansions) values)"
        }
    }
}

/// Counts the nodes a tree would have with every alias expanded, visiting each anchored node's
/// subtree once (later visits reuse its count), and the nodes written out in the text.
private struct AliasExpansionCount {
    /// Expanded size of each anchored subtree already counted, by its anchor (one object per
    /// anchor in the text, shared by every alias to it).
    private var anchored: [ObjectIdentifier: Int] = [:]
    /// Nodes written out in the text (each anchored subtree counted once).
    private(set) var written = 0
    /// Counts stop growing here, so that no nesting, however deep, overflows a sum of two.
    private static let ceiling = Int.max / 2

    /// The nodes of `node`'s subtree with every alias expanded (at most ``ceiling``).
    mutating func nodes(under node: Node) -> Int {
        let anchor = node.anchor.map(ObjectIdentifier.init)
        if let anchor, let known = anchored[anchor] { return known }
        written += 1
        var total = 1
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping { total = min(total + min(nodes(under: key) + nodes(under: value), Self.ceiling), Self.ceiling) }
        case .sequence(let sequence):
            for item in sequence { total = min(total + nodes(under: item), Self.ceiling) }
        case .scalar, .alias:
            break
        }
        if let anchor { anchored[anchor] = total }
        return total
    }
}
