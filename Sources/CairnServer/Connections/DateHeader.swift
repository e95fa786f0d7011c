import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import Synchronization
import Tiles

/// Sets every response's `Date` to the second it is written. Hummingbird's own `Date` comes from a
/// once-a-second timer, so it can lag the clock by up to a second, and a tile rendered just now
/// then had a `Last-Modified` one second after its `Date` (RFC 9110 §8.8.2 forbids a
/// `Last-Modified` later than the `Date`). Every `Last-Modified` the server sends is a whole
/// second taken from the clock before the response is written, so with this `Date` it is never later.
final class DateHeader: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var response) = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        response.headerFields[.date] = Self.now()
        context.write(wrapOutboundOut(.head(response)), promise: promise)
    }

    /// The formatted current second, formatted once per second for the whole process.
    private static let latest = Mutex((second: 0, text: ""))

    /// The current time as an HTTP date. From the same clock as every `Last-Modified` (Foundation's
    /// `Date`, CLOCK_REALTIME): glibc's `time()` reads the coarse clock, which can still say the
    /// previous second a few milliseconds after `Date` has moved on.
    static func now() -> String {
        let second = Int(Date().timeIntervalSince1970.rounded(.down))
        if let cached = latest.withLock({ $0.second == second ? $0.text : nil }) { return cached }
        let text = HTTPDate.format(Date(timeIntervalSince1970: Double(second)))
        latest.withLock { $0 = (second, text) }
        return text
    }
}
