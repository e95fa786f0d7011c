import ArgumentParser
import Synchronization

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

    /// `problem` about `option`'s value; the latest one made is kept for ``underlying(_:)``.
    init(_ option: String, _ problem: some CustomStringConvertible) {
        self.option = option
        self.problem = problem.description
        Self.latest.withLock { $0 = self }
    }

    var description: String { problem }

    /// The line `main` prints: `--zoom: '3-1' must satisfy 0 ≤ A ≤ B ≤ 30`.
    var message: String { "\(option): \(problem)" }

    /// The last problem a value had (the command line is parsed once, in order).
    private static let latest = Mutex<OptionValueError?>(nil)

    /// The problem an option's value had when ArgumentParser reports `error` as a value it could
    /// not take. Its report of a value a `transform` refused ends with the thrown error's
    /// description (ArgumentParser's documented way to give the reason), which is ``problem``:
    /// the latest problem made is the one reported when the report ends with it.
    static func underlying(_ error: any Error) -> OptionValueError? {
        guard let latest = latest.withLock({ $0 }) else { return nil }
        return Cairn.message(for: error).hasSuffix(": " + latest.problem) ? latest : nil
    }
}
