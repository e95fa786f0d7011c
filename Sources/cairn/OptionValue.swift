import ArgumentParser

/// A value of an option with a grammar of its own (`--zoom 0-12`, `--bbox W,S,E,N`, `--shard 3/8`),
/// parsed once, as the command line is, and checked where it is parsed. ArgumentParser's
/// `init?(argument:)` cannot say why a text is not a value, so these options take theirs through
/// `transform: T.parse`, which can; `main` prints the reason as one line,
/// `error: --zoom: '3-1' must satisfy 0 ≤ A ≤ B ≤ 30`.
protocol OptionValue {
    /// The option the value is given to, named in its problems (`--zoom`).
    static var option: String { get }

    /// The value `text` stands for, or the problem with it.
    static func parse(_ text: String) throws(OptionValueError) -> Self
}

/// Why a text is not a value of its option.
struct OptionValueError: Error, CustomStringConvertible {
    /// The option, as `--zoom`.
    let option: String
    /// What is wrong with the text, as `'3-1' must satisfy 0 ≤ A ≤ B ≤ 30`.
    let problem: String

    /// `problem` about `option`'s value.
    init(_ option: String, _ problem: some CustomStringConvertible) {
        self.option = option
        self.problem = problem.description
    }

    var description: String { problem }

    /// The line `main` prints: `--zoom: '3-1' must satisfy 0 ≤ A ≤ B ≤ 30`.
    var message: String { "\(option): \(problem)" }

    /// The problem an option's value had, wherever ArgumentParser keeps it inside the error it
    /// reports (its parser errors are not public).
    static func underlying(_ error: any Error) -> OptionValueError? { find(in: error, depth: 0) }

    private static func find(in value: Any, depth: Int) -> OptionValueError? {
        if let found = value as? OptionValueError { return found }
        guard depth < 8 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let found = find(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }
}
