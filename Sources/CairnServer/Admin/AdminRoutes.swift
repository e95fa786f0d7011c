import Foundation
import Hummingbird
import HummingbirdCore

/// The operations API under `/admin/` (behind ``AdminAuthMiddleware``): the disk cache's stats,
/// purges, clears and seed jobs, and dataset refreshes. Answers are JSON, never cached.
enum AdminRoutes {
    static func add(to router: Router<BasicRequestContext>, server: CairnServer) {
        let services = server.services
        let directory = CacheDirectory(config: server.config)

        router.get("/admin/cache") { request, _ -> Response in
            try json(await Offload.run { directory.stats() }.json, request)
        }

        // Everything, or `?layer=A&layer=B&dataset=C&badges&cards`.
        router.delete("/admin/cache") { request, _ -> Response in
            let groups = try clearedGroups(request.uri, layout: directory.layout)
            let removal = await Offload.run { directory.clear(groups) }
            services.cache.forget(removal.keys)
            services.cache.announceOwnChange()
            var answer = removal.json
            answer["cleared"] = groups?.map(\.description) ?? ["everything"]
            return try json(answer, request)
        }

        router.delete("/admin/cache/:layer") { request, context -> Response in
            let name = context.parameters.get("layer") ?? ""
            guard directory.layout.layers.contains(name) else { throw ServeError.notFound("no layer '\(name.prefix(64))'") }
            let query = try parameters(request.uri, allowed: ["bbox", "zoom", "older_than"])
            let purge: CachePurge
            do throws(CacheOptionError) {
                purge = try CachePurge(group: .layer(name), bbox: query["bbox"], zoom: query["zoom"], olderThan: query["older_than"])
            } catch {
                throw ServeError.badRequest(error.option == "older-than" ? "older_than: \(error.problem)" : "\(error)")
            }
            let removal = await Offload.run { directory.purge(purge) }
            services.cache.forget(removal.keys)
            services.cache.announceOwnChange()
            var answer = removal.json
            answer["layer"] = name
            return try json(answer, request)
        }

        router.post("/admin/cache/:layer/seed") { request, context -> Response in
            let name = context.parameters.get("layer") ?? ""
            guard services.layers[name] != nil else { throw ServeError.notFound("no layer '\(name.prefix(64))'") }
            let body: ByteBuffer
            do { body = try await request.body.collect(upTo: server.config.server.maxBodyBytes) } catch {
                throw ServeError.tooLarge("the body is over \(server.config.server.maxBodyBytes) bytes")
            }
            let plan = try SeedRegion(layer: name, body: Array(buffer: body), defaultJobs: AvailableCores.count * 2).plan
            do throws(SeedError) {
                try await server.checkSeed(plan)
            } catch {
                if case .tooLarge = error { throw ServeError.insufficientStorage("\(error)") }
                throw ServeError.badRequest("\(error)")
            }
            let job = try services.seedJobs.start(plan) { job in
                try? await server.seed(plan, progress: job.progress)
                services.cache.announceOwnChange()
            }
            var response = try json(job.json, request, status: .accepted)
            response.headers[.location] = "/admin/jobs/\(job.id)"
            return response
        }

        router.get("/admin/jobs") { request, _ -> Response in
            try json(["jobs": services.seedJobs.all.map(\.json)], request)
        }

        router.get("/admin/jobs/:id") { request, context -> Response in
            try json(try job(context, services).json, request)
        }

        // Cancels a running job (its finished tiles stay cached).
        router.delete("/admin/jobs/:id") { request, context -> Response in
            let job = try job(context, services)
            job.cancel()
            return try json(job.json, request)
        }

        router.post("/admin/datasets/:name/refresh") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            guard let dataset = services.clusters.datasets[name] else { throw ServeError.notFound("no dataset '\(name.prefix(64))'") }
            let (queued, failure) = await dataset.refreshNow(reason: "admin")
            if queued { return try json(["dataset": name, "state": "queued after the refresh under way"], request, status: .accepted) }
            if let failure { throw ServeError.badUpstream("the refresh failed; the previous index is still served: \(failure.problem)") }
            var answer: [String: Any] = ["dataset": name, "state": "refreshed"]
            if let snapshot = dataset.snapshot {
                answer["version"] = snapshot.version
                answer["points"] = snapshot.index.pointCount
                answer["loaded_at"] = CacheStats.timestamp(snapshot.loadedAt.timeIntervalSince1970)
            }
            return try json(answer, request)
        }
    }

    private static func job(_ context: BasicRequestContext, _ services: CairnServer.Services) throws -> SeedJobs.Job {
        let id = context.parameters.get("id") ?? ""
        guard let job = services.seedJobs.job(id) else { throw ServeError.notFound("no job '\(id.prefix(64))'") }
        return job
    }

    /// `DELETE /admin/cache`'s groups: nil (everything) without parameters.
    private static func clearedGroups(_ uri: URI, layout: CacheLayout) throws -> [CacheGroup]? {
        var groups: [CacheGroup] = []
        for (key, value) in QueryValue.pairs(of: uri) {
            switch key {
            case "layer":
                guard layout.layers.contains(String(value)) else { throw ServeError.notFound("no layer '\(value.prefix(64))'") }
                groups.append(.layer(String(value)))
            case "dataset":
                guard layout.datasets.contains(String(value)) else { throw ServeError.notFound("no dataset '\(value.prefix(64))'") }
                groups.append(.dataset(String(value)))
            case "badges": groups.append(.badges)
            case "cards": groups.append(.cards)
            default: throw ServeError.badRequest("unknown parameter '\(key.prefix(40))' (layer, dataset, badges, cards)")
            }
        }
        return groups.isEmpty ? nil : groups
    }

    /// The query's parameters, each at most once and each one of `allowed`.
    private static func parameters(_ uri: URI, allowed: Set<String>) throws -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in QueryValue.pairs(of: uri) {
            let name = key
            guard allowed.contains(name) else {
                throw ServeError.badRequest("unknown parameter '\(name.prefix(40))' (\(allowed.sorted().joined(separator: ", ")))")
            }
            guard values.updateValue(String(value), forKey: name) == nil else { throw ServeError.badRequest("\(name) is given twice") }
        }
        return values
    }

    private static func json(_ value: Any, _ request: Request, status: HTTPResponse.Status = .ok) throws -> Response {
        try Routes.json(value, maxAge: nil, request: request, status: status)
    }
}
