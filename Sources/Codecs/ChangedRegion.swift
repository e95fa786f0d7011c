import Canvas
import Foundation

/// The smallest rectangle outside which two images of one size are the same.
struct ChangedRegion: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// The region where `next` differs from `previous`, or nil when they are the same.
    static func between(_ previous: PixelRows, _ next: PixelRows) -> ChangedRegion? {
        let width = next.width, rowBytes = 4 * width
        func same(_ y: Int) -> Bool { memcmp(previous.row(y), next.row(y), rowBytes) == 0 }
        guard let top = (0..<next.height).first(where: { !same($0) }) else { return nil }
        let bottom = (top..<next.height).last(where: { !same($0) })!
        var left = width, right = -1
        for y in top...bottom {
            let a = previous.row(y), b = next.row(y)
            // Only columns outside what is already known to change can widen the region.
            var x = 0
            while x < left, a[x] == b[x] { x &+= 1 }
            left = min(left, x)
            x = width - 1
            while x > right, a[x] == b[x] { x &-= 1 }
            right = max(right, x)
        }
        return ChangedRegion(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The whole of an image.
    static func whole(width: Int, height: Int) -> ChangedRegion {
        ChangedRegion(x: 0, y: 0, width: width, height: height)
    }
}

extension PixelRows {
    /// The pixels of `region`.
    func cropped(to region: ChangedRegion) -> PixelRows {
        PixelRows(base: base + region.y * stride + region.x, stride: stride, width: region.width, height: region.height)
    }

    /// Runs `body` with views of every surface's pixels at once.
    static func withAll<R>(_ surfaces: ArraySlice<Surface>, _ views: [PixelRows] = [],
                           _ body: ([PixelRows]) throws(CodecError) -> R) throws(CodecError) -> R {
        guard let surface = surfaces.first else { return try body(views) }
        return try surface.withPixels { (pixels, stride) throws(CodecError) in
            let view = PixelRows(base: pixels.baseAddress!, stride: stride, width: surface.width, height: surface.height)
            return try withAll(surfaces.dropFirst(), views + [view], body)
        }
    }
}
