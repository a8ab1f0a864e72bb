extension Squad {
  /// The squad with each member's name, description and picture taken from `heroes` where they
  /// know the member and say something else; nil when nothing changed. Recruitment dates and
  /// order never change, and members the heroes do not mention are kept as they are.
  func refreshed(from heroes: [Hero]) -> Squad? {
    let memberIDs = Set(members.map(\.id))
    var latest: [HeroID: Hero] = [:]
    for hero in heroes where memberIDs.contains(hero.id) { latest[hero.id] = hero }
    guard !latest.isEmpty else { return nil }
    var changed = false
    let updated = members.map { member in
      guard let hero = latest[member.id] else { return member }
      let fresh = Member(hero: hero, recruitedAt: member.recruitedAt)
      if fresh != member { changed = true }
      return fresh
    }
    return changed ? Squad(members: updated) : nil
  }
}
