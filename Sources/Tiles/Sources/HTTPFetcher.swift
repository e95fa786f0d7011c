import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// GETs over http/https with AsyncHTTPClient, the way a tile client should: a User-Agent, a connect
/// and a per-attempt timeout, a body cap, a connection limit per host, and retries with exponential
/// backoff (and a 429/503's `Retry-After`) after 5xx, 429, timeouts and dropped connections.
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
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// GETs `url` with the configured headers plus `headers`, retrying what is worth retrying.
    /// Returns 200, 204, 304 and 404 answers; throws ``SourceError`` for everything else.
    public func fetch(_ url: String, headers: [String: String] = [:]) async throws -> HTTPFetch {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: options.userAgent)
        for (name, value) in options.headers.merging(headers, uniquingKeysWith: { $1 }) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        var failure = SourceError("GET \(url): no attempt made", kind: .connection)
        var serverDelay: Double?
        for attempt in 0...max(0, options.retries) {
            if attempt > 0 {
                let wait = min(options.maximumBackoff, serverDelay ?? options.delay(beforeRetry: attempt))
                try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
            }
            serverDelay = nil
            do {
                let response = try await client.execute(request, timeout: .milliseconds(Int64(options.timeout * 1000)))
                let status = Int(response.status.code)
                if status == 429 || status >= 500 {
                    _ = try? await response.body.collect(upTo: 64 << 10)
                    serverDelay = response.headers.first(name: "Retry-After").flatMap(Double.init)
                    failure = SourceError("GET \(url): HTTP \(status)", kind: .status)
                    continue
                }
                guard [200, 204, 304, 404].contains(status) else {
                    throw SourceError("GET \(url): HTTP \(status)", kind: .status)
                }
                if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > options.maximumBodyBytes {
                    throw SourceError("GET \(url): body of \(length) bytes is over the \(options.maximumBodyBytes)-byte limit", kind: .tooLarge)
                }
                let body = try await response.body.collect(upTo: options.maximumBodyBytes)
                return HTTPFetch(status: status, headers: response.headers.map { ($0.name, $0.value) },
                                 body: Array(buffer: body))
            } catch let error as SourceError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch is NIOTooManyBytesError {
                throw SourceError("GET \(url): body is over the \(options.maximumBodyBytes)-byte limit", kind: .tooLarge)
            } catch {
                failure = Self.classify(error, url: url)
                if Task.isCancelled { throw CancellationError() }
            }
        }
        let attempts = max(0, options.retries) + 1
        throw SourceError(failure.message + (attempts > 1 ? " (\(attempts) attempts)" : ""), kind: failure.kind)
    }

    /// A transport failure as a retryable ``SourceError``: timeouts, or a connection that failed.
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
        return SourceError("GET \(url): \(error)", kind: .connection)
    }

    /// Closes the connections; the fetcher is not used afterwards.
    public func close() async {
        try? await client.shutdown()
    }
}
