import Tiles

/// Fuzz target `ChainSpec`: `RendererChain(spec:)`, the `--chain` SPEC
/// (`mosaic:cells=8,alpha=0.2|grid|grayscale`), and the parsed chain run over a tile.
///
/// Seeds: Fuzz/Seeds/ChainSpec
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChainSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in try FuzzChain.render(RendererChain(spec: input.text)) }
}
