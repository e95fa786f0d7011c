import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import Tiles

/// GETs over http/https with AsyncHTTPClient, the way a tile client should: a User-Agent, a connect
/// and a per-attempt timeout, a body cap, a connection limit per host, and retries with exponential
/// backoff (and a 429/503's `Retry-After`) after 5xx, 429, timeouts and dropped connections — all
/// of it within the options' `deadline` when one is set.
public final class HTTPFetcher: Sendable {
    public let options: HTTPSourceOptions
    private let client: HTTPClient

    public init(options: HTTPSourceOptions = HTTPSourceOptions()) {
        self.options = options
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .milliseconds(Int64(options.connectTimeout * 1000)),
                           read: .milliseconds(Int64(options.timeout * 1000))),
            connectionPool: .init(idleTimeout: .seconds(60),
                                  concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, options.connectionsPerHost)))
        configuration.httpVersion = .automatic
        // No tracer is bootstrapped; without this, every request still made a no-op span and its attributes.
        configuration.tracing.tracer = nil
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// What one attempt came to: an answer to return, or a failure worth another attempt.
    private enum Outcome: Sendable {
        case answer(HTTPFetch)
        case retry(SourceError, serverDelay: Double?)
    }

    /// The answers ``fetch(_:headers:accepting:)`` returns by default: a tile, no tile, not modified.
    public static let tileStatuses: Set<Int> = [200, 204, 304, 404]

    /// GETs `url` with the configured headers plus `headers`, retrying what is worth retrying.
    /// Returns the answers whose status is in `accepting` (by default 200, 204, 304 and 404); throws
    /// `SourceError` for everything else. With a `deadline`, no attempt runs past it and no retry
    /// starts that could not finish before it.
    public func fetch(_ url: String, headers: [String: String] = [:], accepting: Set<Int> = tileStatuses) async throws -> HTTPFetch {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: options.userAgent)
        for (name, value) in options.headers.merging(headers, uniquingKeysWith: { $1 }) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        let clock = ContinuousClock()
        let end = options.deadline.map { clock.now + .milliseconds(Int64($0 * 1000)) }
        // Messages name the URL without its credentials.
        let shown = ShownURL.redacting(url)
        var failure = SourceError("GET \(shown): no attempt made", kind: .connection)
        var serverDelay: Double?
        var attempts = 0
        for attempt in 0...max(0, options.retries) {
            if attempt > 0 {
                let wait = min(options.maximumBackoff, serverDelay ?? options.delay(beforeRetry: attempt))
                if let end, clock.now + .milliseconds(Int64(wait * 1000)) >= end { break }
                try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
            }
            let budget = end.map { min(options.timeout, Self.seconds(clock.now.duration(to: $0))) } ?? options.timeout
            guard budget > 0 else { break }
            attempts += 1
            switch try await self.attempt(request, url: shown, timeout: budget, bounded: end != nil, accepting: accepting) {
            case .answer(let answer): return answer
            case .retry(let error, let delay):
                failure = error
                serverDelay = delay
            }
        }
        var note = attempts > 1 ? "\(attempts) attempts" : ""
        if let deadline = options.deadline { note += (note.isEmpty ? "" : " ") + "within the \(deadline) s deadline" }
        throw SourceError(failure.message + (note.isEmpty ? "" : " (\(note))"), kind: failure.kind)
    }

    /// One attempt of at most `timeout` seconds; `bounded` makes that the whole exchange, body
    /// included (AsyncHTTPClient's own timeout ends with the response head). Throws what is not
    /// worth retrying. `url` is the request's, as messages show it (`ShownURL`).
    private func attempt(_ request: HTTPClientRequest, url: String, timeout: Double, bounded: Bool,
                         accepting: Set<Int>) async throws -> Outcome {
        do {
            guard bounded else { return try await exchange(request, url: url, timeout: timeout, accepting: accepting) }
            return try await race(seconds: timeout) { try await self.exchange(request, url: url, timeout: timeout, accepting: accepting) }
        } catch let error as SourceError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch is NIOTooManyBytesError {
            throw SourceError("GET \(url): body is over the \(options.maximumBodyBytes)-byte limit", kind: .tooLarge)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            return .retry(Self.classify(error, url: url), serverDelay: nil)
        }
    }

    /// Sends the request and reads the answer: 5xx and 429 are to retry (after the server's
    /// `Retry-After` if it gave one); statuses not in `accepting` and bodies over the cap throw.
    private func exchange(_ request: HTTPClientRequest, url: String, timeout: Double, accepting: Set<Int>) async throws -> Outcome {
        let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
        let status = Int(response.status.code)
        if status == 429 || status >= 500 {
            _ = try? await response.body.collect(upTo: 64 << 10)
            return .retry(SourceError("GET \(url): HTTP \(status)", kind: .status),
                          serverDelay: response.headers.first(name: "Retry-After").flatMap(Double.init))
        }
        guard accepting.contains(status) else {
            throw SourceError("GET \(url): HTTP \(status)", kind: .status)
        }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > options.maximumBodyBytes {
            throw SourceError("GET \(url): body of \(length) bytes is over the \(options.maximumBodyBytes)-byte limit", kind: .tooLarge)
        }
        let body = try await response.body.collect(upTo: options.maximumBodyBytes)
        return .answer(HTTPFetch(status: status, headers: response.headers.map { ($0.name, $0.value) }, body: Array(buffer: body)))
    }

    /// `body`'s outcome, or a timeout (`deadlineExceeded`) once `seconds` have passed; `body` is
    /// then cancelled. The clock is a timer on one of the client's event loops, which cancels the
    /// task running `body`: a task group racing `body` against a sleeping task cost every fetch
    /// a second task and a timer of the global executor's, about 4 % of a cold tile served.
    private func race(seconds: Double, _ body: @escaping @Sendable () async throws -> Outcome) async throws -> Outcome {
        let work = Task { try await body() }
        let expired = Mutex(false)
        let timer = client.eventLoopGroup.any().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
            expired.withLock { $0 = true }
            work.cancel()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            do {
                return try await work.value
            } catch where expired.withLock({ $0 }) {
                throw HTTPClientError.deadlineExceeded
            }
        } onCancel: {
            work.cancel()
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// A transport failure as a retryable `SourceError`: timeouts, or a connection that failed.
    private static func classify(_ error: any Error, url: String) -> SourceError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout,
                 .getConnectionFromPoolTimeout:
                return SourceError("GET \(url): timed out", kind: .timeout)
            case .remoteConnectionClosed:
                return SourceError("GET \(url): connection closed before the whole answer arrived", kind: .connection)
            default:
                return SourceError("GET \(url): \(error)", kind: .connection)
            }
        }
        if let error = error as? IOError {
            // The system's reason and where, not NIO's wording ("connection reset (error set): … (errno: 111)").
            return SourceError("GET \(url): \(String(cString: strerror(error.errnoCode)).lowercased()): \(hostAndPort(of: url))", kind: .connection)
        }
        return SourceError("GET \(url): \(error)", kind: .connection)
    }

    /// `host:port` of `url` (the scheme's port when it names none), as a connection failure names it.
    private static func hostAndPort(of url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url }
        return "\(host):\(components.port ?? (components.scheme == "https" ? 443 : 80))"
    }

    /// Closes the connections; the fetcher is not used afterwards.
    public func close() async {
        try? await client.shutdown()
    }
}
