/// The JSON forms of heroes and members, with a stable key order: `id`, then `name`, then the rest.
public enum HeroJSON {
  /// A hero as a JSON object; `inSquad` is added when known.
  public static func object(_ hero: Hero, inSquad: Bool? = nil) -> JSONValue {
    let details = hero.details
    var fields: [(String, JSONValue)] = [
      ("id", .int(hero.id.rawValue)), ("name", .string(hero.name)), ("description", .string(details.description)),
      ("modified", .optional(hero.modified.map(MarvelDate.iso8601))),
      ("thumbnail", .optional(details.thumbnail.map { $0.url() })),
      ("comics", .optional(hero.counts.comics)), ("series", .optional(hero.counts.series)),
      ("stories", .optional(hero.counts.stories)), ("events", .optional(hero.counts.events)),
      ("urls", .array(details.urls.map { .object([("type", .string($0.type)), ("url", .string($0.url))]) })),
    ]
    if let inSquad { fields.append(("inSquad", .bool(inSquad))) }
    return .object(fields)
  }
}
