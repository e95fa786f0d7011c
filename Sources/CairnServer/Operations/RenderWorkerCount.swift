/// How many render workers `render_workers: auto` starts: two per core this process may use
/// (``AvailableCores``, which follows a cgroup CPU limit), as imgproxy does.
///
/// Rendering is CPU work, yet one worker a core served the fewest cold tiles: the workers then
/// share the cores with as many event-loop and task threads, which wake for every request and
/// hand it on. With more workers than cores, the cores spend more of their time rendering and the
/// event loops take their requests in larger batches, for fewer context switches a tile. On two
/// cores under the bench's cold load (`mosaic|grid` over a loopback upstream, alternated 10 s runs),
/// against one worker a core: two +8 to +12 % cold tiles a second at about the same peak memory; three
/// +15 to +21 % (1 875 a second, 1 000 µs of CPU a tile) but 5 to 8 MB more at the peak, which took
/// the server's peak under the bench's whole load past 200 MB; six +8 to +13 %.
enum RenderWorkerCount {
    static let perCore = 2

    /// The workers `auto` starts.
    static var automatic: Int { perCore * AvailableCores.count }
}
