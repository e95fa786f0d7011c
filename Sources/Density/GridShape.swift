/// The shape of a grid's cells: squares as PostGIS's `ST_SquareGrid` makes them, or hexagons as
/// its `ST_HexagonGrid` does.
public enum GridShape: String, Sendable, Hashable, CaseIterable {
    case square
    case hex
}
