import CairnServer

/// Fuzz target `ServerConfigYAML`: `ServerConfig(yaml:)`, the `cairn serve --config` file (layers,
/// chains, sources, badges, cards, datasets, limits). Relative paths in it resolve in a directory
/// that does not exist, so nothing outside the input is read.
///
/// Seeds: Samples/cairn.yml Fuzz/Seeds/ServerConfigYAML
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerConfigYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        let config = try ServerConfig(yaml: input.text, directory: "/nonexistent/cairn-fuzz")
        fuzzCheck(config.limits.maxScale >= 1, "max_scale \(config.limits.maxScale) accepted")
    }
}
