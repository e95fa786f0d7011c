extension ServerConfig {
    /// What `cairn serve` warns when the configuration has neither layers nor datasets (an empty
    /// file, or one with only settings): the little that is served then. Nil when something is configured.
    public var nothingConfiguredWarning: String? {
        guard layers.isEmpty, datasets.isEmpty else { return nil }
        return "nothing is configured (no layers, no datasets): serving only badges, cards"
            + (page.enabled ? ", an empty map page" : "") + ", /health and /metrics"
    }
}
