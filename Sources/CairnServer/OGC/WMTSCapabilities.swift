/// The WMTS 1.0.0 capabilities document (OGC 07-057r7): the service, its two operations in both
/// encodings, every layer (``WMTSLayer``) with its formats, limits per tile matrix and RESTful
/// `ResourceURL`s, and the tile matrix sets (``TileMatrixSet``). Elements come in the order the
/// schema (`wmtsGetCapabilities_response.xsd`) requires; every text Cairn did not write is escaped.
enum WMTSCapabilities {
    /// The one style every layer has.
    static let style = "default"
    /// Where the RESTful requests start, after the base URL.
    static let restRoot = "/wmts/1.0.0"
    /// The KVP endpoint, after the base URL.
    static let kvpEndpoint = "/wmts"

    /// The document for `layers`, its URLs under `baseURL` (`https://maps.example.org`, no trailing slash).
    static func document(layers: [WMTSLayer], baseURL: String) -> String {
        let base = XMLText.escaped(baseURL)
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" \
            xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xmlns:gml="http://www.opengis.net/gml" \
            xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" \
            version="1.0.0">
              <ows:ServiceIdentification>
                <ows:Title>Cairn</ows:Title>
                <ows:Abstract>Cairn's raster tiles: its layers, and the cluster overlays of its datasets.</ows:Abstract>
                <ows:ServiceType>OGC WMTS</ows:ServiceType>
                <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
                <ows:Fees>none</ows:Fees>
                <ows:AccessConstraints>none</ows:AccessConstraints>
              </ows:ServiceIdentification>
              <ows:OperationsMetadata>
            \(operation("GetCapabilities", kvp: base + kvpEndpoint + "?", rest: base + restRoot + "/WMTSCapabilities.xml"))\
            \(operation("GetTile", kvp: base + kvpEndpoint + "?", rest: base + restRoot + "/"))\
              </ows:OperationsMetadata>
              <Contents>

            """
        for layer in layers { xml += self.layer(layer, base: base) }
        for set in TileMatrixSet.all { xml += matrixSet(set) }
        xml += """
              </Contents>
              <ServiceMetadataURL xlink:href="\(base)\(restRoot)/WMTSCapabilities.xml"/>
            </Capabilities>

            """
        return xml
    }

    /// An operation offered at `kvp` (KVP encoding) and `rest` (RESTful).
    private static func operation(_ name: String, kvp: String, rest: String) -> String {
        func get(_ href: String, _ encoding: String) -> String {
            """
                      <ows:Get xlink:href="\(href)">
                        <ows:Constraint name="GetEncoding">
                          <ows:AllowedValues>
                            <ows:Value>\(encoding)</ows:Value>
                          </ows:AllowedValues>
                        </ows:Constraint>
                      </ows:Get>

            """
        }
        return """
                <ows:Operation name="\(name)">
                  <ows:DCP>
                    <ows:HTTP>
            \(get(kvp, "KVP"))\(get(rest, "RESTful"))\
                    </ows:HTTP>
                  </ows:DCP>
                </ows:Operation>

            """
    }

    /// One `Layer`: title, abstract, extent, identifier, style, formats, both sets with the
    /// layer's limits in each, a `ResourceURL` per format.
    private static func layer(_ layer: WMTSLayer, base: String) -> String {
        let identifier = XMLText.escaped(layer.identifier)
        let bounds = layer.bounds
        var xml = """
                <Layer>
                  <ows:Title>\(XMLText.escaped(layer.title))</ows:Title>
                  <ows:Abstract>\(XMLText.escaped(layer.abstract))</ows:Abstract>
                  <ows:WGS84BoundingBox>
                    <ows:LowerCorner>\(bounds.west) \(bounds.south)</ows:LowerCorner>
                    <ows:UpperCorner>\(bounds.east) \(bounds.north)</ows:UpperCorner>
                  </ows:WGS84BoundingBox>
                  <ows:Identifier>\(identifier)</ows:Identifier>
                  <Style isDefault="true">
                    <ows:Identifier>\(style)</ows:Identifier>
                  </Style>

            """
        for format in layer.formats { xml += "      <Format>\(format.mimeType)</Format>\n" }
        for set in TileMatrixSet.all {
            xml += "      <TileMatrixSetLink>\n        <TileMatrixSet>\(set.id)</TileMatrixSet>\n        <TileMatrixSetLimits>\n"
            for zoom in layer.zooms {
                guard let limits = layer.limits(zoom: zoom) else { continue }
                xml += """
                              <TileMatrixLimits>
                                <TileMatrix>\(set.matrix(zoom).id)</TileMatrix>
                                <MinTileRow>\(limits.minY)</MinTileRow>
                                <MaxTileRow>\(limits.maxY)</MaxTileRow>
                                <MinTileCol>\(limits.minX)</MinTileCol>
                                <MaxTileCol>\(limits.maxX)</MaxTileCol>
                              </TileMatrixLimits>

                    """
            }
            xml += "        </TileMatrixSetLimits>\n      </TileMatrixSetLink>\n"
        }
        for format in layer.formats {
            let template = "\(base)\(restRoot)/\(identifier)/\(style)/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.\(format.fileExtension)"
            xml += "      <ResourceURL format=\"\(format.mimeType)\" resourceType=\"tile\" template=\"\(template)\"/>\n"
        }
        return xml + "    </Layer>\n"
    }

    /// One `TileMatrixSet`: its CRS, its well-known scale set (`WebMercatorQuad`'s), its matrices 0 to 24.
    private static func matrixSet(_ set: TileMatrixSet) -> String {
        let wellKnown = set == .webMercatorQuad ? "      <WellKnownScaleSet>\(TileMatrixSet.wellKnownScaleSet)</WellKnownScaleSet>\n" : ""
        var xml = """
                <TileMatrixSet>
                  <ows:Title>\(XMLText.escaped(set.title))</ows:Title>
                  <ows:Identifier>\(set.id)</ows:Identifier>
                  <ows:SupportedCRS>\(TileMatrixSet.crsURN)</ows:SupportedCRS>

            """ + wellKnown
        let corner = "-\(TileMatrixSet.originOffset) \(TileMatrixSet.originOffset)"
        for matrix in set.matrices {
            xml += """
                      <TileMatrix>
                        <ows:Identifier>\(matrix.id)</ows:Identifier>
                        <ScaleDenominator>\(matrix.scaleDenominator)</ScaleDenominator>
                        <TopLeftCorner>\(corner)</TopLeftCorner>
                        <TileWidth>\(set.tileSize)</TileWidth>
                        <TileHeight>\(set.tileSize)</TileHeight>
                        <MatrixWidth>\(matrix.matrixSize)</MatrixWidth>
                        <MatrixHeight>\(matrix.matrixSize)</MatrixHeight>
                      </TileMatrix>

                """
        }
        return xml + "    </TileMatrixSet>\n"
    }
}
