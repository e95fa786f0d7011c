import Canvas

extension BadgeStyle {
    /// android-maps-utils `DefaultClusterRenderer`: buckets 10, 20, 50, 100, 200, 500, 1000; below 10
    /// the count itself, above `<bucket>+`; fill HSV(hue by bucket, 1, 0.6); a 3 pt white ring at 50 %;
    /// bold #EEEEEE 16 pt text. 48 pt across.
    public static let google = BadgeStyle(
        name: "google",
        thresholds: [10, 20, 50, 100, 200, 500, 1000],
        defaultLabel: .bucket,
        fill: .androidHue,
        ring: Ring(width: 3, color: .fixed(Color.white.withAlpha(0.5))),
        diameter: .fixed(48),
        font: Font(size: 16, weight: .bold),
        textColor: .fixed(Color(r: 0xEE, g: 0xEE, b: 0xEE))
    )

    /// google-maps-ios-utils `GMUDefaultClusterIconGenerator`: buckets 10, 50, 100, 200, 1000 with fills
    /// #0099cc, #669900, #ff8800, #cc0000, #9933cc (below 10 the first); bold white 14 pt text; the disc
    /// is max(20, label size) + 3 pt per bucket index + 6 pt across.
    public static let ios = BadgeStyle(
        name: "ios",
        thresholds: [10, 50, 100, 200, 1000],
        defaultLabel: .bucket,
        fill: .perBucket(["#0099cc", "#0099cc", "#669900", "#ff8800", "#cc0000", "#9933cc"].map(hex)),
        ring: nil,
        diameter: .fitLabel(minimum: 20, padding: 6, growthPerBucket: 3),
        font: Font(size: 14, weight: .bold),
        textColor: .fixed(.white)
    )

    /// Leaflet.markercluster: small below 10, medium below 100, large above; a 40 pt outer disc at 60 %
    /// (green, yellow, orange) under a 30 pt inner disc at 60 %; the exact count in 12 pt bold dark text.
    public static let leaflet = BadgeStyle(
        name: "leaflet",
        thresholds: [10, 100],
        defaultLabel: .exact,
        fill: .perBucket(["rgba(110,204,57,.6)", "rgba(240,194,12,.6)", "rgba(241,128,23,.6)"].map(hex)),
        ring: Ring(width: 5, color: .perBucket(["rgba(181,226,140,.6)", "rgba(241,211,87,.6)", "rgba(253,156,115,.6)"].map(hex))),
        diameter: .fixed(40),
        font: Font(size: 12, weight: .bold),
        textColor: .fixed(hex("#222222"))
    )

    /// The built-in styles by name.
    public static let builtin: [String: BadgeStyle] = ["google": google, "ios": ios, "leaflet": leaflet]

    private static func hex(_ text: String) -> Color {
        // Built-in colours are literals checked by the tests.
        try! Color(parsing: text)
    }
}
