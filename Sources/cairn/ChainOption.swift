import Foundation
import Tiles

/// `--chain`: a SPEC string, or the path of a YAML file holding the same chain as a list.
enum ChainOption {
    static func parse(_ value: String) throws -> RendererChain {
        do {
            if value.hasSuffix(".yml") || value.hasSuffix(".yaml") {
                guard let data = FileManager.default.contents(atPath: value) else {
                    throw CLIError.usage("--chain \(value): cannot read the file")
                }
                return try RendererChain(yaml: String(decoding: data, as: UTF8.self), path: value)
            }
            return try RendererChain(spec: value)
        } catch let error as ChainError {
            throw CLIError.usage("--chain: \(error)")
        }
    }
}
