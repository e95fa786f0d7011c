/// `/admin/…`: the disk cache's stats, purges, clears and seed jobs, dataset refreshes; bearer token.
extension APIOperations {
    static func admin(_ config: ServerConfig) -> [APIOperation] {
        let layer = OAS.path("layer", OAS.names(config.layers.map(\.name)), "A configured layer.")
        let job = OAS.path("id", OAS.string(pattern: "^[A-Za-z0-9_-]{1,64}$"), "A seed job's id.")
        let json = { (description: String, schema: String) in
            OAS.response(description, content: OAS.json(OAS.ref(schema)), headers: OAS.jsonHeaders)
        }
        let operation = { (method: String, path: String, route: String, id: String, summary: String,
                           parameters: [APIOperation.Object], responses: [String: APIOperation.Object]) in
            APIOperation(method: method, path: path, route: route, id: id, tag: "admin", summary: summary,
                         parameters: parameters, responses: responses, admin: true)
        }
        let names = { (names: [String]) in OAS.array(OAS.names(names)) }
        var seed = operation("post", "/admin/cache/{layer}/seed", "/admin/cache/{layer}/seed", "seedLayer",
                             "Starts a seed job: renders a region's tiles into the cache", [layer], [
                                "202": OAS.response("The job, started.", content: OAS.json(OAS.ref("SeedJob")),
                                                    headers: OAS.jsonHeaders + ["Location"]),
                             ].merging(OAS.errors(["400", "404", "409", "413", "507"])) { $1 })
        seed.body = ["required": true, "content": OAS.json(OAS.ref("SeedRegion"))]
        return [
            operation("get", "/admin/cache", "/admin/cache", "getCacheStats", "The disk cache's size by group", [],
                      ["200": json("Tiles, bytes and ages, in all and by group.", "CacheStats")]),
            operation("delete", "/admin/cache", "/admin/cache", "clearCache",
                      "Clears the cache: everything, or the groups named (repeatable parameters)",
                      [["name": "layer", "in": "query", "schema": names(config.layers.map(\.name)), "style": "form", "explode": true,
                        "description": "A layer's tiles."],
                       ["name": "dataset", "in": "query", "schema": names(config.datasets.map(\.name)), "style": "form", "explode": true,
                        "description": "A dataset's cluster tiles."],
                       OAS.query("badges", ["type": "string", "maxLength": 0], "Present: the badges."),
                       OAS.query("cards", ["type": "string", "maxLength": 0], "Present: the cards.")],
                      ["200": json("What was removed.", "Removal")].merging(OAS.errors(["400", "404"])) { $1 }),
            operation("delete", "/admin/cache/{layer}", "/admin/cache/{layer}", "purgeLayer",
                      "Purges a layer's cached tiles, all or by region, zoom and age",
                      [layer, OAS.query("bbox", OAS.string(pattern: "^-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+$"), "W,S,E,N in degrees."),
                       OAS.query("zoom", OAS.string(pattern: "^[0-9]{1,2}(-[0-9]{1,2})?$"), "Z or A-B."),
                       OAS.query("older_than", OAS.string(pattern: "^[0-9]+(s|m|h|d|w)$"), "Only tiles stored longer ago, e.g. 7d.")],
                      ["200": json("What was removed.", "Removal")].merging(OAS.errors(["400", "404"])) { $1 }),
            seed,
            operation("get", "/admin/jobs", "/admin/jobs", "listJobs", "The seed jobs, running and finished", [],
                      ["200": json("The jobs.", "SeedJobs")]),
            operation("get", "/admin/jobs/{id}", "/admin/jobs/{id}", "getJob", "A seed job's progress", [job],
                      ["200": json("The job.", "SeedJob")].merging(OAS.errors(["404"])) { $1 }),
            operation("delete", "/admin/jobs/{id}", "/admin/jobs/{id}", "cancelJob", "Cancels a seed job (its finished tiles stay cached)", [job],
                      ["200": json("The job.", "SeedJob")].merging(OAS.errors(["404"])) { $1 }),
            operation("post", "/admin/datasets/{name}/refresh", "/admin/datasets/{name}/refresh", "refreshDataset",
                      "Re-reads a dataset now", [OAS.path("name", OAS.names(config.datasets.map(\.name)), "A configured dataset.")],
                      ["200": json("Refreshed.", "Refresh"), "202": json("Queued after the refresh under way.", "Refresh")]
                        .merging(OAS.errors(["404", "502"])) { $1 }),
        ]
    }
}
