enum HeroJSON {
  /// Every ``HeroField`` in order (`urls` after `events`, `inSquad` only when known), or exactly `fields`.
  static func object(_ hero: Hero, inSquad: Bool? = nil, fields: [HeroField]? = nil) -> JSONValue {
    let chosen = fields ?? HeroField.allCases.filter { $0 != .inSquad || inSquad != nil }
    var pairs = chosen.map { ($0.rawValue, $0.json(hero, inSquad: inSquad ?? false)) }
    if fields == nil {
      let urls = hero.urls.map { JSONValue.object([("type", .string($0.type)), ("url", .string($0.url))]) }
      pairs.insert(("urls", .array(urls)), at: HeroField.allCases.firstIndex(of: .inSquad) ?? pairs.endIndex)
    }
    return .object(pairs)
  }
}
