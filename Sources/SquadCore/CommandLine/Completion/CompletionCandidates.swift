/// The hero candidates `squad __complete` prints for the completion scripts: ids when the word
/// so far is digits, names otherwise, matched like `<hero>` arguments are (case- and
/// accent-insensitive prefix).
public enum CompletionCandidates {
  /// Which heroes a command line wants.
  public enum Kind: String, CaseIterable, Sendable {
    /// Any hero, from the local catalogue and the squad (`recruit`, `show`).
    case heroes
    /// Squad members; every hero when no member matches (`fire`).
    case members
    /// Squad names (`--squad`).
    case squads
    /// Named squads only, never `default` (`squads rename|delete`, which refuse it).
    case named
  }

  /// The candidates for `prefix`, one per entry, printable, without duplicates.
  public static func list(_ kind: Kind, prefix: String, catalogue: [Hero], squad: Squad) -> [String] {
    let members = squad.members.map { Hero(id: $0.id, name: $0.name) }
    let everyone = catalogue + members
    switch kind {
    case .heroes:
      return matches(prefix, in: everyone)
    case .members:
      let preferred = matches(prefix, in: members)
      return preferred.isEmpty ? matches(prefix, in: everyone) : preferred
    case .squads, .named:
      return []
    }
  }

  private static func matches(_ prefix: String, in heroes: [Hero]) -> [String] {
    var seen = Set<String>()
    if !prefix.isEmpty, prefix.utf8.allSatisfy({ (48...57).contains($0) }) {
      let ids = heroes.map { String($0.id.rawValue) }.filter { $0.hasPrefix(prefix) }
      return ids.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.filter { seen.insert($0).inserted }
    }
    let wanted = HeroName.folded(prefix)
    let named = heroes.filter { wanted.isEmpty || HeroName.folded($0.name).hasPrefix(wanted) }
    return HeroOrdering.sorted(named, by: .name).map { TextSanitizer.clean($0.name) }.filter {
      seen.insert($0).inserted
    }
  }
}
