import HTTPTypes

extension ServedTile {
    /// The answer to a request of `method` with `headers` with this tile (its own `max-age` and cache status).
    func answer(_ method: HTTPRequest.Method, _ headers: HTTPFields) -> ImageAnswer {
        ImageAnswer(answer, method: method, headers: headers, maxAge: maxAge, cacheStatus: cacheStatus)
    }
}

extension ServedImage {
    /// The answer to a request of `method` with `headers` with this image, reusable for `maxAge` seconds.
    func answer(_ method: HTTPRequest.Method, _ headers: HTTPFields, status: String, maxAge: Int) -> ImageAnswer {
        ImageAnswer(answer, method: method, headers: headers, maxAge: maxAge, cacheStatus: status)
    }
}
