import Foundation

/// One line of a cards manifest (JSON Lines): `{"id": "…", "title": "…", "subtitle": "…", "image": "…"}`.
/// `image` is a path relative to the manifest's folder.
public struct CardManifestEntry: Equatable, Sendable {
    public var line: Int
    public var id: String
    public var title: String
    public var subtitle: String?
    public var image: String?
    public var theme: String?

    public init(line: Int, id: String, title: String, subtitle: String? = nil, image: String? = nil, theme: String? = nil) {
        self.line = line; self.id = id; self.title = title; self.subtitle = subtitle; self.image = image; self.theme = theme
    }
}

/// Reads a cards manifest line by line: good lines become entries, bad ones are reported with their
/// line number and skipped, so one broken line never stops the rest.
public enum CardManifest {
    public struct LineError: Error, Equatable, Sendable {
        public var line: Int
        public var problem: String
    }

    /// Characters allowed in an id, which becomes a file name.
    static let idCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")

    /// Parses the manifest text.
    public static func parse(_ text: String) -> (entries: [CardManifestEntry], errors: [LineError]) {
        var entries: [CardManifestEntry] = []
        var errors: [LineError] = []
        var seen = Set<String>()
        // "\r\n" is one Character in Swift: a Windows line end must be named to be split at.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, rawLine) in lines.enumerated() {
            let line = offset + 1
            let content = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if content.isEmpty || content.hasPrefix("#") { continue }
            switch parseLine(content, line: line) {
            case .success(let entry):
                if seen.insert(entry.id).inserted {
                    entries.append(entry)
                } else {
                    errors.append(LineError(line: line, problem: "duplicate id '\(entry.id)'"))
                }
            case .failure(let error):
                errors.append(error)
            }
        }
        return (entries, errors)
    }

    private static func parseLine(_ content: String, line: Int) -> Result<CardManifestEntry, LineError> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any] else {
            return .failure(LineError(line: line, problem: "not a JSON object"))
        }
        let known: Set<String> = ["id", "title", "subtitle", "image", "theme"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            return .failure(LineError(line: line, problem: "unknown key '\(unknown)' (valid: id, title, subtitle, image, theme)"))
        }
        func string(_ key: String) -> Result<String?, LineError> {
            guard let value = object[key], !(value is NSNull) else { return .success(nil) }
            guard let text = value as? String else { return .failure(LineError(line: line, problem: "'\(key)' must be a string")) }
            return .success(text)
        }
        do {
            guard let id = try string("id").get(), !id.isEmpty else { throw LineError(line: line, problem: "missing 'id'") }
            guard id.allSatisfy(idCharacters.contains), id != ".", id != ".." else {
                throw LineError(line: line, problem: "id '\(id)' may only use letters, digits, '.', '_' and '-'")
            }
            guard let title = try string("title").get(), !title.isEmpty else { throw LineError(line: line, problem: "missing 'title'") }
            let theme = try string("theme").get()
            if let theme, !["light", "dark"].contains(theme) {
                throw LineError(line: line, problem: "theme '\(theme)' is not light or dark")
            }
            return .success(CardManifestEntry(line: line, id: id, title: title, subtitle: try string("subtitle").get(),
                                              image: try string("image").get(), theme: theme))
        } catch let error as LineError {
            return .failure(error)
        } catch {
            return .failure(LineError(line: line, problem: "\(error)"))
        }
    }
}
