/// The hero candidates `squad __complete` prints: ids when the word so far is digits, else names
/// matched as `<hero>` arguments are.
public enum CompletionCandidates {
  /// The candidates for `prefix`, one per entry, printable, without duplicates: squad members
  /// only when `membersFirst` and some match (`fire`), else any hero of the catalogue or the squad.
  public static func list(membersFirst: Bool, prefix: String, catalogue: [Hero], squad: Squad) -> [String] {
    let members = squad.members.map { Hero(id: $0.id, name: $0.name) }
    let preferred = membersFirst ? matches(prefix, in: members) : []
    return preferred.isEmpty ? matches(prefix, in: catalogue + members) : preferred
  }

  private static func matches(_ prefix: String, in heroes: [Hero]) -> [String] {
    var seen = Set<String>()
    if !prefix.isEmpty, prefix.utf8.allSatisfy({ (48...57).contains($0) }) {
      let ids = heroes.map { String($0.id.rawValue) }.filter { $0.hasPrefix(prefix) }
      return ids.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.filter { seen.insert($0).inserted }
    }
    let wanted = HeroName.folded(prefix)
    let named = heroes.filter { wanted.isEmpty || HeroName.folded($0.name).hasPrefix(wanted) }
    return HeroOrdering.prominent(named).map { TextSanitizer.clean($0.name) }.filter {
      seen.insert($0).inserted
    }
  }
}
