import Foundation
import Testing

/// `cairn_dataset_seconds_since_refresh` counts on the server's clock, the one that stamps a
/// dataset's load: the time a test moves it on, not the time the test took.
@Suite struct DatasetAgeMetricTests {
    @Test func theAgeIsTheTimeTheClockMovedSinceTheLoad() async throws {
        try await DatasetRefreshTests.serving([DatasetRefreshTests.paris]) { server, _ throws in
            #expect(try await server.metric("cairn_dataset_seconds_since_refresh", ["dataset": "pts"]) == 0)
            // Less than the dataset's refresh (200 s): no reload in between.
            server.clock.advance(by: 150)
            #expect(try await server.metric("cairn_dataset_seconds_since_refresh", ["dataset": "pts"]) == 150)
        }
    }
}
