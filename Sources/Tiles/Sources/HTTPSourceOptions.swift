/// How an HTTP source talks to its upstream. The defaults suit public tile servers: they identify
/// the client (OpenStreetMap's tile policy asks for that), keep a few connections per host, give up
/// on a stuck request and retry what is worth retrying.
public struct HTTPSourceOptions: Sendable, Equatable {
    /// Seconds to establish a connection.
    public var connectTimeout: Double = 5
    /// Seconds for one attempt, from request to the last byte of the body.
    public var timeout: Double = 15
    /// Seconds for the whole fetch — every attempt and the waits between them — or nil for no
    /// bound beyond `timeout` × attempts + backoff. A server behind a proxy sets one below the
    /// proxy's own read timeout, so its answer (a 504 at worst) arrives before the proxy gives up.
    public var deadline: Double?
    public var userAgent: String = "Cairn/0.1 (tile renderer)"
    /// Extra request headers (an API key, a Referer).
    public var headers: [String: String] = [:]
    /// Bodies larger than this fail the tile (a tile server does not send 8 MB tiles).
    public var maximumBodyBytes: Int = 8 << 20
    /// Further attempts after a 5xx, a 429, a timeout or a dropped connection.
    public var retries: Int = 3
    /// Seconds before the first retry; doubled for each next one (with jitter), capped at `maximumBackoff`.
    public var backoff: Double = 0.25
    public var maximumBackoff: Double = 10
    /// Connections kept open to one host; further requests wait for one of them.
    public var connectionsPerHost: Int = 8

    public init() {}

    /// The wait before retry number `retry` (1-based): exponential with "equal jitter", so that many
    /// workers that failed together do not come back together.
    package func delay(beforeRetry retry: Int) -> Double {
        let exponential = min(maximumBackoff, backoff * Double(1 << min(retry - 1, 20)))
        return exponential / 2 + Double.random(in: 0...(exponential / 2))
    }
}
