import Canvas
import ClusterOverlays
import Clusters
import ClustersPostgres
import Markers

extension ServerConfig {
    /// A cluster dataset (`datasets.NAME`): where its points come from, how they are clustered,
    /// and how its overlay tiles and cards look.
    public struct Dataset: Sendable {
        public enum Source: Sendable {
            /// A GeoJSON, NDJSON or CSV file, re-read when it changes and on SIGHUP.
            case file(path: String, options: PointReadOptions)
            /// A PostgreSQL query, re-run every `refresh`, and at once on a notification when it names a channel to `listen` on.
            case postgres(PostgresPointQuery)
        }

        public var name: String
        public var source: Source
        /// Seconds between re-reads of a database; between checks for a changed file.
        public var refresh: Double
        /// Report and leave out invalid records instead of refusing the dataset.
        public var skipInvalid = false
        public var cluster = ClusterOptions()
        /// True until the configuration gives a `radius`: the server then clusters with the radius
        /// that keeps the dataset's badges apart (``BadgeSpacing``), not supercluster's 40.
        public var radiusFromStyle = true
        public var aggregates: [Aggregate] = []
        /// Only the points this filter matches are served (`filter: "status = 'open'"`); query
        /// filters apply on top of it.
        public var filter: PointFilter?
        /// What the clusters count their points by, and the colours each category is drawn in.
        public var categories: CategorySpec?
        public var categoryColors: [String: Color] = [:]
        /// The colour of `other`.
        public var otherColor = PartsPalette.other
        /// How overlay tiles and static maps draw a cluster's categories: a donut (the default
        /// with categories), a pie, the badge in its largest category's colour; nil for plain badges.
        public var parts: PartsLook? = .donut
        /// The filtered indexes kept: at most `items` of them and `maxBytes` in all.
        public var filterCache = FilterCacheLimits()
        /// The badge style of the overlay tiles (a name from `badges.styles`).
        public var style: String?
        public var label: LabelMode?
        public var marker = PointMarker()
        /// The heatmap tiles' defaults as their texts (`radius`, `kernel`, `weight`, `ramp`,
        /// `opacity`, and only here `scale`, `normalize`), checked when read; a request's own win.
        public var heatmap: [String: String] = [:]
        /// The grid tiles' defaults as their texts (`cell`, `shape`, `ramp`, `opacity`).
        public var grid: [String: String] = [:]
        /// A point's card: its title, subtitle and thumbnail id, filled from its properties.
        public var card: CardTemplate?
        /// The zooms whose tiles (vector and raster) are served.
        public var minzoom = 0
        public var maxzoom = 22
        public var attribution: String?

        /// `filter_cache: {items: 32, max_size: 256MB}`.
        public struct FilterCacheLimits: Sendable {
            public var items = 32
            public var maxBytes = 256 << 20
        }

        public init(name: String, source: Source) {
            self.name = name
            self.source = source
            refresh = Self.defaultRefresh(of: source)
        }

        /// Seconds between re-reads when the configuration gives no `refresh`: 5 minutes for a
        /// database, 2 s between checks of a file.
        static func defaultRefresh(of source: Source) -> Double {
            if case .postgres = source { 300 } else { 2 }
        }
    }
}
