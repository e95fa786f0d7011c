/// A handler further down a connection's pipeline that hears, by a direct call, of the requests
/// the hot lane read and answered in front of the HTTP decoder: the connection's header and idle
/// timeouts, which would otherwise never see them. A call, not a pipeline event, because it comes
/// after every read the lane answers (an event's walk through every handler cost 5 % of a hit).
package protocol HotLaneListener: AnyObject {
    /// A read in which the lane answered requests, or began to hold a head (`pending`: the start
    /// of the next request is held, its end has not arrived).
    func laneRead(pending: Bool)
}
