/// Picks the hero a name means: an exact (case-insensitive) name wins, then a unique prefix;
/// anything else is not found or ambiguous, with candidates to show.
public enum HeroMatcher {
  /// How many candidates an error lists.
  public static let candidateLimit = 10

  /// Chooses among heroes whose names start with `name`; `nearby` offers suggestions when none do.
  public static func pick(_ name: String, among prefixMatches: [Hero], nearby: [Hero] = []) -> Result<
    Hero, LookupFailure
  > {
    let wanted = HeroName.folded(name)
    let exact = prefixMatches.filter { HeroName.folded($0.name) == wanted }
    if exact.count == 1, let hero = exact.first { return .success(hero) }
    if exact.count > 1 {
      return .failure(.ambiguous(name, candidates: HeroOrdering.sorted(exact, by: .name), matchCount: exact.count))
    }
    if prefixMatches.count == 1, let only = prefixMatches.first { return .success(only) }
    if prefixMatches.isEmpty {
      return .failure(.unknownName(name, suggestions: suggestions(for: wanted, in: nearby)))
    }
    let candidates = Array(HeroOrdering.sorted(prefixMatches, by: .name).prefix(candidateLimit))
    return .failure(.ambiguous(name, candidates: candidates, matchCount: prefixMatches.count))
  }

  /// Heroes whose names contain the text, or are a few edits away from it, closest first.
  ///
  /// The work is bounded by the heroes' names, not by the text: a hero whose name is shorter
  /// than the text by more than the edits allowed cannot be a typo of it and is skipped before
  /// any comparison, and distances are computed only up to the edits allowed.
  public static func suggestions(for folded: String, in heroes: [Hero]) -> [Hero] {
    guard !folded.isEmpty else { return [] }
    let wantedLength = folded.count
    let allowed = max(1, wantedLength / 3)
    let scored = heroes.compactMap { hero -> (Int, Hero)? in
      let name = HeroName.folded(hero.name)
      let nameLength = name.count
      guard wantedLength - nameLength <= allowed else { return nil }
      if wantedLength <= nameLength, name.contains(folded) { return (0, hero) }
      // Compare against the name's start, give or take a letter, so "spidr" finds "Spider-Man".
      let distance =
        (max(1, wantedLength - 1)...(wantedLength + 1)).compactMap {
          EditDistance.between(folded, String(name.prefix($0)), atMost: allowed)
        }.min()
      return distance.map { ($0, hero) }
    }
    return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : HeroName.folded($0.1.name) < HeroName.folded($1.1.name) }
      .prefix(candidateLimit).map(\.1)
  }
}
