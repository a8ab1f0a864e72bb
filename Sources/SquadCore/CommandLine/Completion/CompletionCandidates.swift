/// The hero candidates `squad __complete` prints: ids when the word so far is digits, else names
/// matched as `<hero>` arguments are (``HeroMatcher/matching(_:in:)``); a name several heroes
/// share is offered as their ids, each with a tab and the name and comics to tell them apart.
enum CompletionCandidates {
  /// The candidates for `prefix`, one per entry, printable, without duplicates: squad members
  /// only when `membersFirst` and some match (`fire`), else any hero of the catalogue or the squad.
  static func list(membersFirst: Bool, prefix: String, catalogue: [HeroSummary], squad: Squad) -> [String] {
    // The squad holds no counts; the catalogue's tell heroes of one name apart.
    let known = Dictionary(catalogue.map { ($0.id, $0.counts) }, uniquingKeysWith: { first, _ in first })
    let members = squad.members.map { member in
      var hero = HeroSummary(Hero(id: member.id, name: member.name))
      hero.counts = known[member.id] ?? hero.counts
      return hero
    }
    let preferred = membersFirst ? matches(prefix, in: members) : []
    return preferred.isEmpty ? matches(prefix, in: catalogue + members) : preferred
  }

  private static func matches(_ prefix: String, in heroes: [HeroSummary]) -> [String] {
    var seen = Set<String>()
    if let digits = idDigits(prefix) {
      // '#' and digits is an id as `show` prints it: completed as one, keeping the '#'.
      let mark = prefix.hasPrefix("#") ? "#" : ""
      let ids = heroes.map { String($0.id.rawValue) }.filter { $0.hasPrefix(digits) }
      return ids.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.filter { seen.insert($0).inserted }
        .map { mark + $0 }
    }
    var ids = Set<HeroID>()
    let named = HeroOrdering.prominent(HeroMatcher.matching(prefix, in: heroes).filter { ids.insert($0.id).inserted })
    let names = named.map { TextSanitizer.clean($0.name) }
    var heroesNamed: [String: Int] = [:]
    for name in names { heroesNamed[name, default: 0] += 1 }
    return zip(named, names).map { hero, name in
      guard heroesNamed[name, default: 0] > 1 || name.hasPrefix("-") || readsAsID(name) else { return name }
      // A name several heroes share is refused by every command, one starting with '-' would be
      // read as an option, and one of digits (or '#' and digits) as another hero's id: their ids,
      // told apart by name and comics.
      let comics = hero.counts.comics.map { Plural.count($0, "comic") } ?? "comics \(Table.unknown)"
      return "\(hero.id)\t\(name), \(comics)"
    }
  }

  private static func readsAsID(_ name: String) -> Bool {
    if case .id = HeroRef(argument: name) { return true }
    return false
  }

  /// Digits, or '#' and at least one digit: the start of an id.
  static func idDigits(_ prefix: String) -> String? {
    let digits = prefix.hasPrefix("#") ? String(prefix.dropFirst()) : prefix
    return !digits.isEmpty && digits.utf8.allSatisfy({ (48...57).contains($0) }) ? digits : nil
  }
}
