import Foundation

/// Where reading a ``TileListFile`` has got to: the open file, the tally, the problem that stopped it.
/// Locked, so the list can be handed between tasks; it is read by one at a time.
final class TileListCursor: @unchecked Sendable {
    private let lock = NSLock()
    private let reader: LineReader
    private let name: String
    private let zooms: ClosedRange<Int>?
    private let shard: Shard
    let isStream: Bool
    /// Tiles in the zoom range read in this pass, for picking the shard's.
    private var position = 0
    /// True while the pass adds to the tally: the first (and for a stream, only) one.
    private var counting = true
    private var ended = false
    private var state = (tally: TileListTally(), problem: TileListFile.Invalid?.none)

    init(reader: LineReader, name: String, zooms: ClosedRange<Int>?, shard: Shard) {
        self.reader = reader
        self.name = name
        self.zooms = zooms
        self.shard = shard
        isStream = !reader.isRegularFile
    }

    var tally: TileListTally { locked { state.tally } }

    /// Ends the reading of a stream where it is, even while it waits for a line (without the lock:
    /// the reading holds it).
    func stopReading() { reader.stop() }
    var problem: TileListFile.Invalid? { locked { state.problem } }

    /// Reads on to the end, counting; throws the first bad line.
    func readToEnd() throws(TileListFile.Invalid) {
        lock.lock()
        defer { lock.unlock() }
        while try nextTile() != nil {}
    }

    /// Tiles from the first line of a regular file (counted already, so not again), or from where a
    /// stream was left. A bad line or a read failure ends the iteration and is kept as ``problem``.
    func iterate() -> AnyIterator<TileID> {
        locked {
            guard !isStream else { return }
            reader.rewind()
            position = 0
            counting = false
            ended = false
            state.problem = nil
        }
        return AnyIterator { [self] in
            lock.lock()
            defer { lock.unlock() }
            do throws(TileListFile.Invalid) {
                return try nextTile()
            } catch {
                state.problem = error
                return nil
            }
        }
    }

    /// The next tile at the zooms and in the shard, nil at the end. Call with the lock held.
    private func nextTile() throws(TileListFile.Invalid) -> TileID? {
        while !ended {
            let line: UnsafeBufferPointer<UInt8>?
            do { line = try reader.next() } catch {
                ended = true
                throw TileListFile.Invalid("\(name): cannot read (\(error.reason))")
            }
            guard let line else {
                ended = true
                if counting && !reader.isStopped { state.tally.complete = true }
                return nil
            }
            if counting { state.tally.addLine() }
            let tile: TileID?
            do { tile = try TileListFile.parse(line) } catch {
                ended = true
                throw TileListFile.Invalid("\(name):\(reader.lineNumber): \(error)", line: reader.lineNumber)
            }
            guard let tile else { continue }
            let inZooms = zooms?.contains(tile.z) ?? true
            let inShard = inZooms && position % shard.count == shard.index
            if inZooms { position += 1 }
            if counting { state.tally.addTile(tile, inZooms: inZooms, inShard: inShard) }
            if inShard { return tile }
        }
        return nil
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
