import Codecs
import Foundation
import Tiles

/// The JSON body of `POST /admin/cache/{layer}/seed`:
/// `{"bbox": [W, S, E, N] | "W,S,E,N", "zoom": "A-B" | Z, "scale": 1, "format": "png", "resume": false, "jobs": 4}`.
struct SeedRegion {
    let plan: SeedPlan

    /// A number or a text, as `bbox` and `zoom` may be given.
    private enum Flexible: Decodable {
        case numbers([Double])
        case number(Int)
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .text(text) }
            else if let number = try? container.decode(Int.self) { self = .number(number) }
            else { self = .numbers(try container.decode([Double].self)) }
        }
    }

    private struct Body: Decodable {
        let bbox: Flexible?
        let zoom: Flexible?
        let scale: Int?
        let format: String?
        let resume: Bool?
        let jobs: Int?
    }

    private static let fields: Set = ["bbox", "zoom", "scale", "format", "resume", "jobs"]

    init(layer: String, body: [UInt8], defaultJobs: Int) throws(ServeError) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw .badRequest("the body must be a JSON object: {\"bbox\": [W, S, E, N], \"zoom\": \"A-B\", …}")
        }
        if let unknown = object.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw .badRequest("unknown field '\(unknown.prefix(40))' (known: \(Self.fields.sorted().joined(separator: ", ")))")
        }
        let fields: Body
        do {
            fields = try JSONDecoder().decode(Body.self, from: Data(body))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            throw .badRequest("\(context.codingPath.first?.stringValue ?? "body"): wrong type")
        } catch {
            throw .badRequest("the body does not parse as a seed region")
        }
        let box: BoundingBox
        do {
            switch fields.bbox {
            case .text(let text): box = try BoundingBox(parsing: text)
            case .numbers(let numbers) where numbers.count == 4: box = try BoundingBox(parsing: numbers.map { "\($0)" }.joined(separator: ","))
            default: throw ServeError.badRequest("bbox: expected [W, S, E, N] or \"W,S,E,N\" in degrees")
            }
        } catch let error as ServeError {
            throw error
        } catch {
            throw .badRequest("bbox: \(error)")
        }
        let zooms: ClosedRange<Int>
        do {
            switch fields.zoom {
            case .text(let text): zooms = try CachePurge.zoomRange(text)
            case .number(let zoom): zooms = try CachePurge.zoomRange(String(zoom))
            default: throw CacheOptionError("zoom", "expected \"A-B\" or a whole number")
            }
        } catch {
            throw .badRequest("\(error)")
        }
        guard (1...2).contains(fields.scale ?? 1) else { throw .badRequest("scale: expected 1 or 2") }
        guard (1...64).contains(fields.jobs ?? 1) else { throw .badRequest("jobs: expected a whole number from 1 to 64") }
        var format: ImageFormat?
        if let text = fields.format {
            guard let parsed = ImageFormat(fileExtension: text) else { throw .badRequest("format: expected png, jpg or webp") }
            format = parsed
        }
        plan = SeedPlan(layer: layer, tiles: TileList(region: box, zooms: zooms), scale: fields.scale ?? 1, format: format,
                        jobs: fields.jobs ?? defaultJobs, resume: fields.resume ?? false)
    }
}
