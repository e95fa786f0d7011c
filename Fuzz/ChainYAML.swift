import Tiles

/// Fuzz target `ChainYAML`: `RendererChain(yaml:)`, a chain as a YAML list of `{name: {key: value}}`
/// items (Yams and libyaml underneath), and the parsed chain run over a tile.
///
/// Seeds: Fuzz/Seeds/ChainYAML
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChainYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in try FuzzChain.render(RendererChain(yaml: input.text)) }
}
