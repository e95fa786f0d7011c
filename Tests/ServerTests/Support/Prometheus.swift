/// One sample of a Prometheus text exposition: `name{label="value",…} 12`.
struct MetricSample: Equatable {
    let name: String
    let labels: [String: String]
    let value: Double
}

/// The samples of a Prometheus text exposition (comments and blank lines skipped).
func metricSamples(_ text: String) -> [MetricSample] {
    text.split(separator: "\n").compactMap { line -> MetricSample? in
        guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
            return nil
        }
        let series = line[..<space]
        guard let brace = series.firstIndex(of: "{") else { return MetricSample(name: String(series), labels: [:], value: value) }
        var labels: [String: String] = [:]
        for match in series[brace...].matches(of: /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/) {
            labels[String(match.1)] = String(match.2)
        }
        return MetricSample(name: String(series[..<brace]), labels: labels, value: value)
    }
}

extension ServerProcess {
    /// The sum of the samples called `name` whose labels include `labels`, from a fresh `/metrics`
    /// scrape; nil when there is none.
    func metric(_ name: String, _ labels: [String: String] = [:]) throws -> Double? {
        metricSum(try request("/metrics").text, name, labels)
    }
}

/// The sum of the samples of `exposition` called `name` whose labels include `labels`; nil when there is none.
func metricSum(_ exposition: String, _ name: String, _ labels: [String: String]) -> Double? {
    let matching = metricSamples(exposition).filter { sample in
        sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
    }
    return matching.isEmpty ? nil : matching.reduce(0) { $0 + $1.value }
}
