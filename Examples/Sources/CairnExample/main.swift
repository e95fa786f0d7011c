// Cairn's libraries in a package of your own: a drawing, an image decoded and encoded again, a
// cluster badge and an info-window card, the clusters of a points file, a tile through a chain. Usage: CairnExample CAIRN OUT — CAIRN is a checkout of Cairn (its Fonts/, and the
// cities and tiles of its Samples/), OUT a directory to write into. Each step prints one line.
import Canvas
import Clusters
import Codecs
import Foundation
import Markers
import Tiles

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: CairnExample CAIRN OUT")
    exit(64)
}
let cairn = arguments[1], out = arguments[2]
let samples = cairn + "/Samples"
try FontLibrary.configure(fontsDirectory: cairn + "/Fonts")

// snippet.canvas
// A 64×64 surface with a red disc, encoded as PNG.
let surface = try Surface(width: 64, height: 64)
let context = Context(surface)
context.setColor(try Color(parsing: "#d93025"))
context.arc(center: Point(x: 32, y: 32), radius: 24, from: 0, to: 2 * .pi)
context.fill()
let disc = try PNGEncoder().encode(surface)
print("canvas: \(surface.width)x\(surface.height), \(disc.count) bytes of PNG")
// snippet.end

// snippet.codecs
// PNG, JPEG or WebP bytes decoded into a surface, and encoded again as lossless WebP.
let decoded = try ImageDecoder.decode(disc)
let webp = try WebPEncoder(lossless: true).encode(decoded)
print("codecs: \(ImageFormat.sniff(webp)!) \(decoded.width)x\(decoded.height), \(webp.count) bytes")
// snippet.end

// snippet.markers
// A Google-style badge for 1 234 points and an info-window card, at 2 pixels per point, as PNG bytes.
let badge = try BadgeStyle.google.layout(for: 1234)
let png = try badge.encoded(as: .png, scale: 2)
try Data(png).write(to: URL(fileURLWithPath: out + "/badge.png"))
let card = try PNGEncoder().encode(Card(title: "Lisbon", subtitle: "545 000 people").render(scale: 2))
try Data(card).write(to: URL(fileURLWithPath: out + "/card.png"))
print("markers: badge \(png.count) bytes, card \(card.count) bytes")
// snippet.end

// snippet.clusters
// The cities, read from GeoJSON and indexed as supercluster does (radius 40, extent 512).
let cities = try PointReader.read(path: samples + "/points/cities15000.geojson")
let index = try ClusterIndex(points: cities.points)
// The world at zoom 3: clusters and lone points, as a GeoJSON FeatureCollection…
let world = index.clusters(west: -180, south: -85, east: 180, north: 85, zoom: 3)
let clustered = world.reduce(0) { $0 + index.pointCount(of: $1) }
try Data(index.featureCollection(world)).write(to: URL(fileURLWithPath: out + "/clusters-z3.geojson"))
// …and tile 3/4/2 as a Mapbox Vector Tile.
let mvt = index.vectorTile(z: 3, x: 4, y: 2)
print("clusters: \(cities.points.count) points, \(world.count) items at zoom 3 holding \(clustered) points, tile 3/4/2 \(mvt.count) bytes")
// snippet.end

// snippet.tiles
// Tile 2/2/1 from a z/x/y directory, through the chain `grayscale|grid`, into another directory.
let source = try DirectorySource(root: samples + "/tiles")
let sink = try DirectorySink(root: out + "/tiles", fileExtension: "png")
let tile = try TileID(z: 2, x: 2, y: 1)
guard let input = try await source.tile(tile, scale: 1) else {
    print("error: no tile \(tile) in \(samples)/tiles")
    exit(65)
}
let processor = TileProcessor(chain: try RendererChain(spec: "grayscale|grid"))
let (bytes, format) = try processor.process(input, tile: tile)
try sink.write(tile, data: bytes)
print("tile: \(tile) \(format) \(bytes.count) bytes at \(sink.path(for: tile))")
// snippet.end
