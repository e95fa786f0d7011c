/// The HTTP API, operation by operation, as the configuration shapes it (its layers, datasets,
/// styles and limits as enums and ranges). One file per group of routes.
enum APIOperations {
    /// Every operation `config` gives the server: the admin API's when it is on (on the main
    /// address or, with `admin.listen`, on its own).
    static func all(_ config: ServerConfig) -> [APIOperation] {
        var operations = tiles(config) + markers(config) + clusters(config) + density(config) + statics(config) + service(config)
        operations += ogcapi(config)
        operations += wmts(config)
        if config.admin.token != nil { operations += admin(config) }
        return operations
    }
}
