import Foundation

/// Points clustered at every zoom from `minZoom` to `maxZoom`, with supercluster 8's algorithm and
/// therefore its clusters, ids and counts; immutable once built, so any number of requests may
/// read it at once while a new one is built aside.
///
/// An item of a level is a ``ClusterItem``: one of the dataset's points, or a cluster.
public final class ClusterIndex: Sendable {
    public let options: ClusterOptions
    public let aggregates: [Aggregate]
    /// What the clusters count their points by, nil when they count only how many.
    public let categories: CategoryTable?
    /// The points, in the order they were read (a point's index is its number in this set).
    public let points: PointSet
    /// How long building took (projection, every level's clustering and KD-tree).
    public let buildDuration: Duration
    /// The threads it was built on, which its filtered indexes are built on too.
    public let threads: Int

    let itemX: [Float]
    let itemY: [Float]
    let clusterX: [Double]
    let clusterY: [Double]
    let clusterCount: [Int32]
    let clusterID: NarrowIntegers
    let childrenEnd: [Int32]
    let children: [Int32]
    let clusterAggregates: [Double]
    /// Each point's category (a position in ``categories``), empty without categories.
    let pointCategories: [UInt8]
    /// Each cluster's points per category, cluster-major.
    let clusterCategoryCounts: [Int32]
    /// The points' properties as typed columns, extracted as filters and categories ask for them.
    let propertyColumns: PropertyColumnCache
    /// Levels from `minZoom` to `maxZoom + 1`.
    let levels: [LevelTree]
    /// Cluster numbers made at each zoom from `minZoom` to `maxZoom`.
    let clustersMadeAt: [Range<Int>]
    /// Points by id, for the routes that name a point.
    let pointIDs = PointIDTable()
    /// The clusters' bounding boxes and hulls, computed as they are asked for.
    let extents = ClusterExtents()

    /// Clusters `points`. Aggregates read their property from each point's properties; with
    /// `categories`, every cluster also counts its points per category. `threads` threads sort the
    /// levels' trees, find their neighbours and cluster them (a server's reload uses its cores); the index is
    /// the same whatever their number.
    public convenience init(points: PointSet, options: ClusterOptions = ClusterOptions(), aggregates: [Aggregate] = [],
                            categories: CategorySpec? = nil, threads: Int = 1) throws(ClusterOptionsError) {
        try Self.check(options, categories)
        let columns = PropertyColumnCache()
        let (table, codes) = try Self.resolve(categories, of: points, columns: columns)
        self.init(points: points, options: options, aggregates: aggregates, categories: table, pointCategories: codes,
                  propertyColumns: columns, threads: threads)
    }

    /// Throws when the options cannot cluster or the categories are not usable.
    static func check(_ options: ClusterOptions, _ categories: CategorySpec?) throws(ClusterOptionsError) {
        if let problem = options.problem { throw ClusterOptionsError(problem: problem) }
        if let problem = categories?.problem { throw ClusterOptionsError(problem: "categories: \(problem)") }
    }

    /// The categories of `spec` over `points` and each point's category; none without a spec. A
    /// property no point has is an error, as in a filter (it is almost always a typo).
    static func resolve(_ spec: CategorySpec?, of points: PointSet,
                        columns: PropertyColumnCache) throws(ClusterOptionsError) -> (CategoryTable?, [UInt8]) {
        guard let spec, let column = columns.columns([spec.property], of: points).first else { return (nil, []) }
        if column.keyed == 0, points.count > 0 { throw ClusterOptionsError(problem: "categories: \(points.unknownProperty(spec.property))") }
        let table = CategoryTable(spec, column: column)
        return (table, table.codes(column))
    }

    /// Clusters `points` with options already checked and categories already resolved.
    init(points: PointSet, options: ClusterOptions, aggregates: [Aggregate], categories: CategoryTable?,
         pointCategories: [UInt8], propertyColumns: PropertyColumnCache, threads: Int = 1, skipsTrees: Bool = true,
         splitPassMinimum: Int? = nil) {
        let clock = ContinuousClock()
        let start = clock.now
        var builder = ClusterIndexBuilder(
            options: options, longitudes: points.longitudes, latitudes: points.latitudes,
            aggregateOperations: aggregates.map(\.operation),
            pointAggregates: points.aggregateValues(aggregates.map(\.property)),
            categoryCount: categories?.count ?? 0, pointCategories: pointCategories, threads: threads)
        builder.skipsTrees = skipsTrees
        if let splitPassMinimum { builder.splitPassMinimum = splitPassMinimum }
        builder.build()
        self.threads = max(1, threads)
        self.options = options
        self.aggregates = aggregates
        self.categories = categories
        self.points = points
        self.pointCategories = pointCategories
        self.propertyColumns = propertyColumns
        itemX = builder.itemX
        itemY = builder.itemY
        clusterX = builder.clusterX
        clusterY = builder.clusterY
        clusterCount = builder.clusterCount
        clusterID = builder.clusterID
        childrenEnd = builder.childrenEnd
        children = builder.children
        clusterAggregates = builder.clusterAggregates
        clusterCategoryCounts = builder.clusterCategoryCounts
        levels = builder.levels
        clustersMadeAt = builder.clustersMadeAt
        buildDuration = clock.now - start
    }

    /// The number of points.
    public var pointCount: Int { points.count }

    /// The number of clusters made over all zooms.
    public var clusterTotal: Int { clusterCount.count }

    /// How many items (clusters and lone points) a query at `zoom` sees over the whole world.
    public func itemCount(atZoom zoom: Int) -> Int {
        levels[options.level(for: Double(zoom)) - options.minZoom].count
    }

    /// Bytes held by the index, without the points it was built from.
    public var byteCount: Int {
        itemX.count * 8 + clusterX.count * 16 + clusterCount.count * 4 + clusterID.byteCount
            + childrenEnd.count * 4 + children.count * 4 + clusterAggregates.count * 8
            + pointCategories.count + clusterCategoryCounts.count * 4
            + levels.reduce(0) { $0 + $1.byteCount }
    }

    /// Makes now every level's tree that is made when a query first needs it (a server calls this
    /// in the background once an index is served, so that no request waits for one).
    public func prepareLevels() {
        itemX.withUnsafeBufferPointer { x in
            itemY.withUnsafeBufferPointer { y in
                for level in levels.reversed() { level.prepare(x: x, y: y) }
            }
        }
    }

    func level(for zoom: Double) -> LevelTree {
        levels[options.level(for: zoom) - options.minZoom]
    }
}

/// Options that cannot cluster (a radius of 0, a max zoom below the min zoom…).
public struct ClusterOptionsError: Error, Sendable, CustomStringConvertible {
    public let problem: String
    public var description: String { problem }
}
