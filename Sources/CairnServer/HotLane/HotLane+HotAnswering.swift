import HotLane

/// The server as the hot lane's connection code knows it (``HotLaneHandler``): ``HotLane/answer(_:)``.
extension HotLane: HotAnswering {}
