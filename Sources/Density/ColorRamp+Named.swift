import Canvas

extension ColorRamp {
    /// The ramps known by name, in the order listed in messages and docs.
    public static let names = ["heat", "viridis", "magma", "inferno", "plasma", "turbo", "greys"]

    /// MapLibre's default heatmap ramp, the heatmaps' default.
    public static let heat = named["heat"]!

    /// The named ramps. `heat` is MapLibre's default `heatmap-color` (transparent blue, royal blue,
    /// cyan, lime, yellow, red at 0, 0.1, 0.3, 0.5, 0.7 and 1). The others are matplotlib's colour
    /// maps (`Greys` for `greys`: white to black) sampled at 33 evenly spaced stops, the 8-bit
    /// colours of entries 0, 8, … 248 and 255 of its 256; between them this ramp's linear-light
    /// interpolation stays within 6 levels (of 255) of matplotlib's own table.
    static let named: [String: ColorRamp] = {
        var ramps: [String: ColorRamp] = [:]
        let heat = [(0, "rgba(0,0,255,0)"), (0.1, "royalblue"), (0.3, "cyan"), (0.5, "lime"), (0.7, "yellow"), (1, "red")]
        ramps["heat"] = try! ColorRamp(stops: heat.map { Stop(position: $0.0, color: try! Color(parsing: $0.1)) }, description: "heat")
        let sampled: [String: String] = [
            "viridis": "440154 470d60 48186a 482374 472d7b 453781 424086 3e4989 3b528b 375b8d 33638d 2f6b8e 2c728e 297a8e 26828e 23898e 21918c 1f988b 1fa088 22a785 28ae80 32b67a 3fbc73 4ec36b 5ec962 70cf57 84d44b 98d83e addc30 c2df23 d8e219 ece51b fde725",
            "magma": "000004 030312 0a0822 130d34 1d1147 29115a 36106b 440f76 51127c 5d177f 6a1c81 762181 832681 902a81 9c2e7f aa337d b73779 c43c75 d0416f dc4869 e75263 ef5d5e f56b5c f9795d fc8961 fd9869 fea772 feb67c fec488 fed395 fde2a3 fcf0b2 fcfdbf",
            "inferno": "000004 040312 0b0724 150b37 210c4a 2f0a5b 3d0965 4a0c6b 57106e 64156e 71196e 7d1e6d 8a226a 972766 a32c61 b0315b bc3754 c73e4c d24644 db503b e45a31 eb6628 f1731d f68013 f98e09 fb9d07 fcac11 fbbc21 f9cb35 f5db4c f2ea69 f3f68a fcffa4",
            "plasma": "0d0887 220690 310597 3f049c 4c02a1 5901a5 6600a7 7201a8 7e03a8 8a09a5 9511a1 a01a9c aa2395 b32c8e bc3587 c43e7f cc4778 d35171 da5a6a e06363 e66c5c eb7655 f0804e f58b47 f89540 fba139 fdac33 feb82c fdc527 fcd225 f8df25 f4ed27 f0f921",
            "turbo": "30123b 392a73 4040a2 4456c7 466be3 4680f6 4294ff 37a8fa 28bceb 1ccdd8 18ddc2 1fe9af 32f298 4ef97d 6dfe62 8bff4b a4fc3c b9f635 cdec34 dfdf37 eecf3a f8be39 fdac34 fe962b fb7e21 f46617 eb500e df3f08 d02f05 be2102 a91601 920b01 7a0403",
            "greys": "ffffff fbfbfb f7f7f7 f4f4f4 f0f0f0 eaeaea e4e4e4 dfdfdf d9d9d9 d2d2d2 cbcbcb c4c4c4 bdbdbd b3b3b3 a9a9a9 9f9f9f 959595 8d8d8d 848484 7b7b7b 727272 6a6a6a 626262 5a5a5a 515151 464646 3a3a3a 2f2f2f 242424 1b1b1b 111111 080808 000000",
        ]
        for (name, colours) in sampled {
            let hex = colours.split(separator: " ")
            let stops = hex.enumerated().map { number, code in
                Stop(position: Double(number) / Double(hex.count - 1), color: try! Color(parsing: "#" + code))
            }
            ramps[name] = try! ColorRamp(stops: stops, description: name)
        }
        return ramps
    }()
}
