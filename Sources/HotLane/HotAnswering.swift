/// What the hot lane asks of the server, and all it knows of it: the whole answer to a request
/// head (counted and logged), or nil when the router must answer it. ``HotLaneHandler`` asks on
/// the connection's event loop, for each whole head it may answer, so the answer must come at once.
package protocol HotAnswering: Sendable {
    func answer(_ head: RawRequestHead) -> HotAnswer?
}
