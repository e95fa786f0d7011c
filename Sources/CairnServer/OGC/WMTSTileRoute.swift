import Foundation
import Hummingbird

extension CacheableRoute {
    /// WMTS's RESTful GetTile, `/wmts/1.0.0/{layer}/{style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.{ext}`:
    /// the answer of the tile route the layer stands for, and its memory-tier hit in the hot lane.
    static func wmtsTile(_ services: CairnServer.Services, config: ServerConfig) -> CacheableRoute {
        let wmts = WMTSService(services: services, config: config)
        return CacheableRoute("/wmts/1.0.0/:layer/:style/:tileMatrixSet/:tileMatrix/:tileRow/:file", answer: { request, parameters in
            do throws(OWSException) {
                // Segments as sent may escape a URN's colons (`urn%3Aogc%3A…`).
                func segment(_ name: String) -> String {
                    let text = parameters.get(name) ?? ""
                    return text.removingPercentEncoding ?? text
                }
                let tile = try WMTSTileRequest(layer: segment("layer"), style: segment("style"), tileMatrixSet: segment("tileMatrixSet"),
                                               tileMatrix: segment("tileMatrix"), tileRow: segment("tileRow"), file: segment("file"))
                return await wmts.tile(tile, request: request)
            } catch {
                return error.response
            }
        }, hit: { request in
            guard let tile = try? WMTSTileRequest(layer: request.parameter("layer"), style: request.parameter("style"),
                                                  tileMatrixSet: request.parameter("tileMatrixSet"), tileMatrix: request.parameter("tileMatrix"),
                                                  tileRow: request.parameter("tileRow"), file: request.parameter("file")) else { return nil }
            return wmts.hit(tile, method: request.method, headers: request.headers)
        })
    }
}
