import Hummingbird

extension ServedTile {
    /// The answer to `request` with this tile (its own `max-age` and cache status).
    func answer(to request: Request) -> ImageAnswer {
        ImageResponse.answer(bytes, contentType: format.mimeType, etag: etag, maxAge: maxAge,
                             lastModified: lastModified, cacheStatus: cacheStatus, request: request)
    }
}

extension ServedImage {
    /// The answer to `request` with this badge or card (PNG), reusable for `maxAge` seconds.
    func answer(to request: Request, status: String, maxAge: Int) -> ImageAnswer {
        ImageResponse.answer(bytes, contentType: "image/png", etag: etag, maxAge: maxAge,
                             lastModified: lastModified, cacheStatus: status, request: request)
    }
}
