import Canvas
import Codecs
import Testing
import Tiles

/// The PNG encoder's adaptive choice on what the cold-render benchmark serves: a real map tile
/// under `mosaic|grid` codes smallest and fastest unfiltered, and the default encoder must see that
/// (a sample of 2 rows a strip chose per-row filters instead: 1.5 % larger, a third slower).
@Suite struct AdaptiveFilterChoiceTests {
    @Test(arguments: ["2/2/1", "2/1/1", "3/4/2"])
    func aMosaickedMapTileIsCodedUnfiltered(path: String) throws {
        let chain = try RendererChain(spec: "mosaic:cells=8,alpha=0.2|grid")
        let surface = try TileProcessor(chain: chain).render(.encoded(tileBytes(path)), tile: try TileID(z: 16, x: 1234, y: 5678))
        let adaptive = try PNGEncoder().encode(surface)
        let unfiltered = try PNGEncoder(filter: .none).encode(surface)
        let same = adaptive == unfiltered
        #expect(same, "\(path): \(adaptive.count) bytes adaptive, \(unfiltered.count) unfiltered")
    }
}
