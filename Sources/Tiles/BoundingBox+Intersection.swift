extension BoundingBox {
    /// The part of this box inside `other` (neither crossing the antimeridian); nil when they do not overlap.
    func intersection(_ other: BoundingBox) -> BoundingBox? {
        let west = max(self.west, other.west), east = min(self.east, other.east)
        let south = max(self.south, other.south), north = min(self.north, other.north)
        guard west < east, south < north else { return nil }
        return BoundingBox(unchecked: west, south, east, north)
    }
}
