import Foundation
import HTTPTypes
import HotLane
import NIOCore
import NIOPosix

/// The header lines every answer of a lane ends with — CORS when configured, `Date`, `Server`, as
/// the application adds them on the router's way — made once a second on each thread (an event
/// loop) rather than per answer: the `Date` of the current second is one shared, locked value
/// (``DateHeader``), which both event loops reading it for every answer made them wait on each other.
final class AnswerTail {
    /// One stored value, read once per answer (each access to a class's variable is checked for exclusivity).
    private var made: (second: Int, lane: ObjectIdentifier?, lines: ByteBuffer) = (0, nil, ByteBuffer())

    /// Each thread reads and writes only its own value: the variable is shared, its values are not.
    nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<AnswerTail>()

    /// The lines for an answer of `lane` (its `cors` origin) now.
    static func lines(for lane: ObjectIdentifier, cors: String?) -> ByteBuffer {
        let tail: AnswerTail
        if let current = perThread.currentValue {
            tail = current
        } else {
            tail = AnswerTail()
            perThread.currentValue = tail
        }
        let now = Int(Date().timeIntervalSince1970.rounded(.down))
        let made = tail.made
        if now == made.second && made.lane == lane { return made.lines }
        var fields = HTTPFields()
        if let cors { CORS.append(cors, to: &fields) }
        fields.append(.date, DateHeader.now())
        fields.append(.server, CairnServer.serverName)
        let lines = HeadBytes.lines(fields)
        tail.made = (now, lane, lines)
        return lines
    }
}
