import ArgumentParser

/// Mistakes on the command line that ArgumentParser reports by their consequence rather than their
/// cause, told as they are: a mistyped subcommand ("2 unexpected arguments", "unknown option") and a
/// negative number (read as an option, so "missing expected argument").
enum ArgumentMistakes {
    /// "unknown command 'rendr' (did you mean 'render'?)" when a word where a subcommand goes names
    /// none (`cairn rendr …`, `cairn cache stat …`); nil when every such word names one.
    static func unknownSubcommand(in arguments: [String], of root: any ParsableCommand.Type) -> String? {
        var command = root
        var path: [String] = []
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            guard let next = subcommands.first(where: { $0._commandName == word }) else {
                let names = subcommands.map { $0._commandName }
                let nearest = names.map { (name: $0, distance: editDistance(word, $0)) }.min { $0.distance < $1.distance }
                let suggestion = nearest.map { $0.distance <= max(2, word.count / 3) ? " (did you mean '\($0.name)'?)" : "" } ?? ""
                return "unknown command '\((path + [word]).joined(separator: " "))'\(suggestion); the commands: \(names.joined(separator: ", "))"
            }
            command = next
            path.append(word)
        }
        return nil
    }

    /// "'-3': a negative number is not taken here" when an argument is one: ArgumentParser reads it
    /// as an option, so what it says about it names the wrong cause.
    static func negativeNumber(in arguments: [String]) -> String? {
        // After `--` a negative number is an argument, and what is wrong with it is the command's to say.
        let options = arguments.prefix { $0 != "--" }
        guard let number = options.first(where: { $0.count > 1 && $0.hasPrefix("-") && Double($0) != nil }) else { return nil }
        return "'\(number)': a negative number is not taken here (counts, sizes and zooms are 0 or more)"
    }

    /// Levenshtein distance: the fewest one-character edits that turn `a` into `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
