import CoreMetrics

/// The hit and miss counters of one kind of cached thing (`cairn_cache_hits_total` and
/// `cairn_cache_misses_total`, labelled `kind`), made once when the service that counts with it is
/// made: a memory hit counts one on the hot lane, where looking the counter up under a lock on
/// every request cost more than the rest of the count. Both are listed from the start, at 0.
struct CacheLookupMeter: Sendable {
    let hits: CoreMetrics.Counter
    let misses: CoreMetrics.Counter

    /// Counts a lookup that found what it looked for (`hit`) or did not.
    func counted(hit: Bool) {
        (hit ? hits : misses).increment()
    }
}
