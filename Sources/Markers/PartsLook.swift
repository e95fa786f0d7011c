/// How a badge shows the parts its count is made of (restaurants, cafés and bars in a "42").
public enum PartsLook: String, Sendable, CaseIterable, Hashable {
    /// A ring of arcs in the parts' colours around the style's fill disc and label (Mapbox's
    /// "donut clusters"); the badge keeps its diameter.
    case donut
    /// The whole disc as pie slices, the label on top with a halo.
    case pie
    /// The style's badge with its fill in the colour of the largest part (the first of equals).
    case dominant
}
