import Canvas

/// The colours of parts given without one: a categorical palette of ten well-separated colours,
/// taken by the part's position in the list (the 11th part takes the 1st colour again), and grey
/// for a part named `other`. Giving every part list the same categories in the same order (zeros
/// included) therefore keeps a category's colour the same on every badge.
public enum PartsPalette {
    /// Red, green, blue, orange, purple, cyan, magenta, lime, pink, teal.
    public static let colors: [Color] = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4",
                                         "#42d4f4", "#f032e6", "#bfef45", "#fabed4", "#469990"].map(hex)
    /// The colour of a part named `other`.
    public static let other = hex("#9e9e9e")

    /// The default colour of the part called `name` at `index` in its list.
    public static func color(forPartAt index: Int, named name: String) -> Color {
        name == "other" ? other : colors[index % colors.count]
    }

    private static func hex(_ text: String) -> Color {
        // Palette colours are literals checked by the tests.
        try! Color(parsing: text)
    }
}
