internal import Parallel

/// One level of a split clustering pass (``ClusterIndexBuilder/splitPass(_:tree:zoom:radius:lists:)``):
/// its tree, its items and what each part and the settling of the seams write: every item's owner
/// (the level index of the item that took it at its turn, its own where none did) and, for each
/// owner that took other items, which record of which store holds them.
struct SplitLevel {
    /// A record's number is kept above this many bits, its store's below.
    static let storeBits = 4
    static let storeMask = (1 << storeBits) - 1

    let entries: UnsafeBufferPointer<KDEntry>
    let order: UnsafeBufferPointer<Int32>
    let owners: UnsafeMutableBufferPointer<Int32>
    /// Per level index: `record << storeBits | store`, or -1 where the item took nothing.
    let records: UnsafeMutableBufferPointer<Int32>
    let tree: KDTree
    let radius: Double
    let coordinates: ItemCoordinates
    /// Every cluster's point count, by cluster number.
    let clusterCounts: UnsafeBufferPointer<Int32>

    /// What a part gathered, and the items of other parts that its owners listed.
    struct Store {
        var gathered = GatheredClusters()
        var crossing: [Int32] = []
    }

    /// Step 1: every part's pass over its own items, at once, one store per part.
    func runParts(_ parts: [Range<Int>], lists: NeighbourLists?) -> [Store] {
        let partOf = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: order.count)
        let visited = UnsafeMutableBufferPointer<Bool>.allocate(capacity: order.count)
        visited.initialize(repeating: false)
        defer {
            partOf.deallocate()
            visited.deallocate()
        }
        _ = ParallelRuns.map(parts.count) { part in
            for position in parts[part] { partOf[Int(entries[position].index)] = UInt8(truncatingIfNeeded: part) }
        }
        return ParallelRuns.map(parts.count) { part in
            let run = PartRun(level: self, part: part, positions: parts[part], partOf: partOf, visited: visited)
            guard let lists else { return run.searching() }
            return lists.withReader { run.reading($0) }
        }
    }

    /// Step 2, on one thread: gives every item listed across parts its true owner, and then every
    /// item listed by one whose owning itself changed, in level order; gathers again what each
    /// owner whose takings changed took, into one more store numbered `storeNumber`.
    func settleSeams(_ crossings: [[Int32]], storeNumber: Int) -> Store {
        var pending = IndexHeap()
        for crossing in crossings { for index in crossing { pending.insert(index) } }
        let test = NeighbourTest(radius: radius)
        var found: [Int32] = []
        var stack = KDStack()
        var changed: Set<Int32> = []
        while let item = pending.popMin() {
            // Its owner: the first owner in level order that lists it, else itself. Every owner
            // before it is settled by now.
            let (treeX, treeY) = coordinates.tree(order[Int(item)])
            tree.within(treeX, treeY, test.reach, into: &found, stack: &stack)
            var owner = item
            for position in found {
                let entry = entries[Int(position)]
                guard entry.index < owner, owners[Int(entry.index)] == entry.index else { continue }
                let (x, y) = coordinates.exact(entry.handle)
                if test.within(exactX: x, exactY: y, treeX: treeX, treeY: treeY) { owner = entry.index }
            }
            let was = owners[Int(item)]
            guard owner != was else { continue }
            owners[Int(item)] = owner
            changed.insert(was)
            changed.insert(owner)
            guard (was == item) != (owner == item) else { continue }
            // It owns itself now, or no longer: what it lists after it may have another owner.
            search(item, into: &found, stack: &stack)
            for position in found where entries[Int(position)].index > item { pending.insert(entries[Int(position)].index) }
        }
        var store = Store()
        for owner in changed.sorted() where owners[Int(owner)] == owner {
            search(owner, into: &found, stack: &stack)
            var tookOthers = false
            for position in found where owners[Int(entries[Int(position)].index)] == owner {
                store.gathered.append(entries[Int(position)])
                tookOthers = tookOthers || entries[Int(position)].index != owner
            }
            if tookOthers {
                records[Int(owner)] = close(&store.gathered, origin: Int(owner), store: storeNumber)
            } else {
                store.gathered.discardOpen()
                records[Int(owner)] = -1
            }
        }
        return store
    }

    /// Closes the record `gathered` holds open for item `i` (level index), with the points its
    /// members hold and their positions summed as the one-thread pass sums them (the origin first,
    /// then the others in search order); returns what ``records`` keeps for it.
    func close(_ gathered: inout GatheredClusters, origin i: Int, store: Int) -> Int32 {
        let handle = Int(order[i])
        let pointCount = coordinates.exact.pointCount
        let originCount = handle < pointCount ? 1 : Int(clusterCounts[handle - pointCount])
        let (x, y) = coordinates.exact(order[i])
        var total = originCount, sumX = x * Double(originCount), sumY = y * Double(originCount)
        for entry in gathered.openEntries where Int(entry.index) != i {
            let member = Int(entry.handle)
            let count = member < pointCount ? 1 : Int(clusterCounts[member - pointCount])
            let (mx, my) = coordinates.exact.of(entry)
            sumX += mx * Double(count)
            sumY += my * Double(count)
            total += count
        }
        let record = gathered.close(total: total, sumX: sumX, sumY: sumY)
        return Int32(truncatingIfNeeded: record << Self.storeBits | store)
    }

    /// The tree positions of an item's neighbours, itself included, in search order.
    @inline(__always)
    func search(_ item: Int32, into found: inout [Int32], stack: inout KDStack) {
        let (x, y) = coordinates.exact(order[Int(item)])
        tree.within(x, y, radius, into: &found, stack: &stack)
    }
}

/// One part's pass over its own items, in level order, seeing only its own neighbours.
private struct PartRun {
    let level: SplitLevel
    let part: Int
    let positions: Range<Int>
    let partOf: UnsafeMutableBufferPointer<UInt8>
    let visited: UnsafeMutableBufferPointer<Bool>

    /// The pass where every item's neighbours are listed already.
    func reading(_ lists: NeighbourLists.Reader) -> SplitLevel.Store {
        var store = SplitLevel.Store()
        let mark = UInt8(truncatingIfNeeded: part)
        let prefetch = ListPrefetch(lists: lists, entries: level.entries, flags: visited)
        for i in 0..<level.order.count where partOf[i] == mark && !visited[i] {
            prefetch.ahead(of: i) { partOf[$0] == mark }
            visited[i] = true
            level.owners[i] = Int32(truncatingIfNeeded: i)
            guard let neighbours = lists.neighbours(of: i) else { continue }
            take(i, neighbours, into: &store)
        }
        return store
    }

    /// The pass where each turn searches the tree.
    func searching() -> SplitLevel.Store {
        var store = SplitLevel.Store()
        var found: [Int32] = []
        found.reserveCapacity(256)
        var stack = KDStack()
        let mark = UInt8(truncatingIfNeeded: part)
        for i in 0..<level.order.count where partOf[i] == mark && !visited[i] {
            visited[i] = true
            level.owners[i] = Int32(truncatingIfNeeded: i)
            level.search(Int32(truncatingIfNeeded: i), into: &found, stack: &stack)
            take(i, found, into: &store)
        }
        return store
    }

    /// Item `i` takes its neighbours of this part not taken yet; those of other parts are noted.
    @inline(__always)
    private func take(_ i: Int, _ neighbours: some Collection<Int32>, into store: inout SplitLevel.Store) {
        var tookOthers = false
        for position in neighbours {
            let entry = level.entries[Int(position)]
            guard positions.contains(Int(position)) else { store.crossing.append(entry.index); continue }
            let index = Int(entry.index)
            if index == i { store.gathered.append(entry); continue }
            guard !visited[index] else { continue }
            visited[index] = true
            level.owners[index] = Int32(truncatingIfNeeded: i)
            store.gathered.append(entry)
            tookOthers = true
        }
        if tookOthers {
            level.records[i] = level.close(&store.gathered, origin: i, store: part)
        } else {
            store.gathered.discardOpen()
        }
    }
}
