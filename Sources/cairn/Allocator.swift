import ArgumentParser
#if os(Linux)
import CMalloc
#endif

/// glibc's allocator, tuned once, at start, for the command that runs (Linux only: elsewhere the
/// system allocator is left as it is).
enum Allocator {
    /// Blocks from the mapping threshold up are mapped on their own and given back to the system
    /// when freed; glibc would otherwise raise the threshold after the first such block is freed
    /// and serve the next ones from its heap, which keeps freed memory.
    ///
    /// 4 MB for every command (a tile batch's buffers, a cluster index's tables): 1M points
    /// clustered peaked at 150 MB instead of 139 MB without it, and a server refreshing a dataset
    /// kept its peak. 1 MB for the commands that cluster a points file: clustering a million points
    /// allocates and frees arrays of 1-4 MB a level (a level's flags and lists), and 1M points
    /// peak 6 MiB lower; the server keeps 4 MB for its render buffers' sake.
    static func tune(for command: any ParsableCommand) {
        let clustersPoints = command is Cairn.Clusters || (command as? Cairn.StaticMap)?.clusters != nil
        #if os(Linux)
        mallopt(M_MMAP_THRESHOLD, clustersPoints ? 1 << 20 : 4 << 20)
        #endif
    }
}
