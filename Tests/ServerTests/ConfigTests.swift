import Testing
@testable import CairnServer

@Suite struct ConfigTests {
    @Test func placeholder() { #expect(Bool(true)) }
}
