import Foundation
import NIOCore
import NIOPosix

/// The answers to plain hits made in the current second on this thread (an event loop), by target:
/// a target asked for again within the second — a popular tile, badge or cluster tile — is answered
/// with the same head and body buffers, not formatted and copied again. An answer is reused only
/// while the memory tier still gives the same image (the same `ETag`, `Last-Modified` and
/// `max-age`) and the second, which the head's `Date` names, has not turned; a purge or a refresh
/// is therefore seen by the next request, as without it. An answer serves only the lane that made
/// it (a process may run several servers, with other CORS settings). At most ``limit`` answers are
/// kept a thread; all of them go at the thread's first plain hit in a later second.
final class PlainAnswers {
    /// Answers kept a thread at most (each holds its image's bytes once more, until they go).
    static let limit = 32

    /// What an answer was made for: the lane, and the image as the memory tier gave it.
    private struct Made: Equatable {
        let lane: Int, etag: String, lastModified: String, maxAge: Int
    }

    private var second = 0
    private var entries: [String: (made: Made, head: ByteBuffer, body: ByteBuffer)] = [:]

    /// Each thread reads and writes only its own value: the variable is shared, its values are not.
    nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<PlainAnswers>()

    /// This thread's answers.
    static var current: PlainAnswers {
        if let answers = perThread.currentValue { return answers }
        let answers = PlainAnswers()
        perThread.currentValue = answers
        return answers
    }

    /// The head and body answering `target` on the lane numbered `lane` with the image of this
    /// `etag`, `lastModified` and `maxAge`: kept ones when this second made them for the same lane
    /// and image, else `make`'s (kept).
    func answer(for target: String, lane: Int, etag: String, lastModified: String, maxAge: Int,
                make: () -> (head: ByteBuffer, body: ByteBuffer)) -> (head: ByteBuffer, body: ByteBuffer) {
        let now = Int(Date().timeIntervalSince1970.rounded(.down))
        let wanted = Made(lane: lane, etag: etag, lastModified: lastModified, maxAge: maxAge)
        if now == second, let kept = entries[target], kept.made == wanted { return (kept.head, kept.body) }
        if now != second || entries.count >= Self.limit {
            entries.removeAll(keepingCapacity: true)
            second = now
        }
        let answer = make()
        entries[target] = (wanted, answer.head, answer.body)
        return answer
    }
}
