/// Picks the hero a name means: an exact name wins, then a unique prefix.
enum HeroMatcher {
  static let candidateLimit = 10

  static func matching<Listed: HeroOrderable>(_ name: String, in heroes: [Listed]) -> [Listed] {
    let wanted = HeroName.variants(name).map(HeroName.loose)
    return heroes.filter { hero in wanted.contains(where: HeroName.loose(hero.name).hasPrefix) }
  }

  /// An exact name as typed, then as fans type it, then the only match; else `nearby` suggests.
  static func pick(_ name: String, among heroes: [Hero], nearby: [Hero] = []) -> Result<Hero, LookupFailure> {
    let matches = matching(name, in: heroes)
    let wanted = HeroName.folded(name)
    let loose = HeroName.variants(name).map(HeroName.loose)
    let exact = matches.filter { HeroName.folded($0.name) == wanted }
    let chosen = exact.isEmpty ? matches.filter { loose.contains(HeroName.loose($0.name)) } : exact
    let found = chosen.isEmpty ? matches : chosen
    if found.count == 1, let hero = found.first { return .success(hero) }
    if found.isEmpty { return .failure(.unknownName(name, suggestions: suggestions(for: wanted, in: nearby))) }
    let candidates = Array(HeroOrdering.prominent(found).prefix(candidateLimit))
    return .failure(.ambiguous(name, candidates: candidates, matchCount: found.count))
  }

  /// Names containing the text or a few edits away, closest first. The work is bounded by the
  /// names, not the text: distances are computed only up to the edits allowed.
  static func suggestions<Listed: HeroOrderable>(for name: String, in heroes: [Listed]) -> [Listed] {
    // Each way the name may be meant (`capt amerca`: `captain amerca`), the closest kept.
    let scored = HeroName.variants(name).flatMap { near($0, in: heroes) }
    let distances = Dictionary(scored.map { ($1.id, $0) }, uniquingKeysWith: min)
    var seen = Set<HeroID>()
    let ranked = HeroOrdering.prominent(scored.map(\.1).filter { seen.insert($0.id).inserted }).enumerated()
    return ranked.sorted { (distances[$0.1.id] ?? 0, $0.0) < (distances[$1.1.id] ?? 0, $1.0) }.prefix(candidateLimit)
      .map(\.1)
  }

  private static func near<Listed: HeroOrderable>(_ name: String, in heroes: [Listed]) -> [(Int, Listed)] {
    let folded = HeroName.loose(name)
    // Signs alone are close to nothing; one or two letters allow no edit, which would be all of them.
    guard folded.contains(where: { $0.isLetter || $0.isNumber }) else { return [] }
    let wantedLength = folded.count
    let allowed = wantedLength / 3
    return heroes.compactMap { hero -> (Int, Listed)? in
      let name = HeroName.loose(hero.name)
      let nameLength = name.count
      guard wantedLength - nameLength <= allowed else { return nil }
      if wantedLength <= nameLength, name.contains(folded) { return (0, hero) }
      guard allowed > 0 else { return nil }
      // Compare against the name's start, give or take a letter, so "spidr" finds "Spider-Man".
      let distance =
        (max(1, wantedLength - 1)...(wantedLength + 1)).compactMap {
          EditDistance.between(folded, String(name.prefix($0)), atMost: allowed)
        }.min()
      return distance.map { ($0, hero) }
    }
  }
}
