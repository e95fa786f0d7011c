import Canvas
import Density
import Testing

@Suite struct ColorRampTests {
    @Test func heatIsMapLibresDefaultHeatmapColour() throws {
        let heat = try ColorRamp(parsing: "heat")
        #expect(heat.color(at: 0).pixel.a == 0)
        #expect(heat.color(at: 0.1).pixel == RGBA8(r: 65, g: 105, b: 225, a: 255))  // royalblue
        #expect(heat.color(at: 0.5).pixel == RGBA8(r: 0, g: 255, b: 0, a: 255))  // lime
        #expect(heat.color(at: 1).pixel == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(heat.description == "heat")
    }

    @Test func namedRampsEndAtMatplotlibsColours() throws {
        let viridis = try ColorRamp(parsing: "viridis")
        #expect(viridis.color(at: 0).pixel == RGBA8(r: 0x44, g: 0x01, b: 0x54, a: 255))
        #expect(viridis.color(at: 1).pixel == RGBA8(r: 0xfd, g: 0xe7, b: 0x25, a: 255))
        for name in ColorRamp.names { #expect(try ColorRamp(parsing: name).description == name) }
    }

    @Test func coloursMixInLinearLight() throws {
        let ramp = try ColorRamp(parsing: "0:black,1:white")
        // Half the light of white is sRGB 188, not 128.
        #expect(ramp.color(at: 0.5).pixel == RGBA8(r: 188, g: 188, b: 188, a: 255))
        // Premultiplied: towards a transparent stop the colour stays the opaque stop's.
        let fade = try ColorRamp(parsing: "0:transparent,1:red")
        #expect(fade.color(at: 0.5).pixel == RGBA8(r: 255, g: 0, b: 0, a: 128))
    }

    @Test func stopsMayHoldCommasInsideColours() throws {
        let ramp = try ColorRamp(parsing: "0:rgba(0,0,255,0), 0.3:cyan, 1:#ff0000")
        #expect(ramp.stops.map(\.position) == [0, 0.3, 1])
        #expect(ramp.stops[0].color == Color(red: 0, green: 0, blue: 1, alpha: 0))
    }

    @Test func aBadStopIsNamed() {
        #expect(throws: ColorRampError.self) { try ColorRamp(parsing: "0:blue,0.5:bluish,1:red") }
        let messages = ["0:blue,0.5:bluish,1:red", "0:blue,x:red", "0:blue,0.7:red,0.5:cyan", "0:blue", "fire"].map { (text: String) -> String in
            do { _ = try ColorRamp(parsing: text); return "" } catch { return "\(error)" }
        }
        #expect(messages[0].contains("stop 2 '0.5:bluish'") && messages[0].contains("invalid colour"))
        #expect(messages[1].hasPrefix("stop 2 'x:red'"))
        #expect(messages[2] == "stop 3: position 0.5 does not follow 0.7")
        #expect(messages[3] == "a ramp needs at least two stops (got 1)")
        #expect(messages[4].contains("'fire' is neither a ramp (heat, viridis"))
    }

    @Test func theLookupTableAppliesTheOpacityPremultiplied() throws {
        let table = try ColorRamp(parsing: "heat").lookupTable(opacity: 0.5)
        #expect(table.count == 256)
        #expect(table[0] == 0)
        #expect(RGBA8(premultiplied: table[255]) == RGBA8(r: 255, g: 0, b: 0, a: 128))
    }
}
