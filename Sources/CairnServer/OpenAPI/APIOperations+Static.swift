/// `/static/{layer}/…`: static maps, centred on a point at a zoom or fitting a box.
extension APIOperations {
    static func statics(_ config: ServerConfig) -> [APIOperation] {
        let side = OAS.integer(1...config.limits.maxStaticSide)
        let zooms = OAS.zooms(config.layers.map { $0.minzoom...$0.maxzoom })
        let layer = OAS.path("layer", OAS.names(config.layers.map(\.name)), "A configured layer.")
        let size = [OAS.path("width", side, "Width in points."), OAS.path("height", side, "Height in points."),
                     OAS.path("ext", OAS.choice(["png", "jpg", "jpeg", "webp"]), "The format (an animated layer's: png or webp).")]
        let longitude = OAS.number(-180...180), latitude = OAS.number(-85.0511287798066...85.0511287798066)
        let centre = [layer, OAS.path("lon", longitude, "Longitude of the centre."), OAS.path("lat", latitude, "Latitude of the centre."),
                      OAS.path("zoom", OAS.number(Double(zooms.lowerBound)...Double(zooms.upperBound)),
                               "Zoom (fractional allowed; the layers' together), within the layer's own; else a 400.")]
        let box = [layer, OAS.path("west", longitude, "West edge."), OAS.path("south", latitude, "South edge."),
                   OAS.path("east", longitude, "East edge."), OAS.path("north", latitude, "North edge.")]
        let overlays = [
            OAS.query("markers", OAS.string(maxLength: 4000), "Pins: lon,lat[,colour];… (at most 100).", example: "2.35,48.85,red;13.4,52.52"),
            OAS.query("path", OAS.string(maxLength: 4000), "A line: lon,lat;lon,lat;… (2 to 1000 points).", example: "2.35,48.85;13.4,52.52"),
            OAS.query("stroke", OAS.string(maxLength: 100), "The path's colour[,width] (needs path).", example: "blue,3"),
            OAS.query("clusters", OAS.names(config.datasets.map(\.name)), "A dataset whose clusters are drawn over the map."),
            OAS.query("filter", OAS.string(maxLength: config.limits.maxFilter), "CQL2 filter of the clusters' points (needs clusters)."),
            OAS.query("attribution", OAS.choice(["true", "false"]), "Whether the layer's attribution is drawn (default true)."),
        ]
        let padding = OAS.query("padding", OAS.integer(0...config.limits.maxStaticSide / 2),
                                "Points kept free around the box (at most half the smaller side).")
        let responses: [String: APIOperation.Object] = [
            "200": OAS.response("The map (an animated layer's: APNG or animated WebP).",
                                content: OAS.images(["image/png", "image/jpeg", "image/webp"]), headers: OAS.cachedImageHeaders),
        ].merging(OAS.errors(["304", "400", "404", "502", "503", "504"])) { $1 }
        let route = "/static/{layer}/{view}/{file}"
        let operation = { (path: String, id: String, summary: String, parameters: [APIOperation.Object]) in
            APIOperation(method: "get", path: path, route: route, id: id, tag: "static maps", summary: summary,
                         parameters: parameters, responses: responses, signed: [.static])
        }
        return [
            operation("/static/{layer}/{lon},{lat},{zoom}/{width}x{height}.{ext}", "getStaticMap",
                      "A map image centred on a point at a zoom", centre + size + overlays),
            operation("/static/{layer}/{lon},{lat},{zoom}/{width}x{height}@2x.{ext}", "getStaticMapRetina",
                      "A map image centred on a point, at twice the pixel density", centre + size + overlays),
            operation("/static/{layer}/{west},{south},{east},{north}/{width}x{height}.{ext}", "getStaticMapFitted",
                      "A map image fitting a box", box + size + overlays + [padding]),
            operation("/static/{layer}/{west},{south},{east},{north}/{width}x{height}@2x.{ext}", "getStaticMapFittedRetina",
                      "A map image fitting a box, at twice the pixel density", box + size + overlays + [padding]),
        ]
    }
}
