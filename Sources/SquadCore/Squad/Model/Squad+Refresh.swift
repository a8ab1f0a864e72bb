extension Squad {
  /// The squad with each member's name, description and picture from `heroes`; nil when nothing changed.
  func refreshed(from heroes: [Hero]) -> Squad? {
    let memberIDs = Set(members.map(\.id))
    var latest: [HeroID: Hero] = [:]
    for hero in heroes where memberIDs.contains(hero.id) { latest[hero.id] = hero }
    guard !latest.isEmpty else { return nil }
    var changed = false
    let updated = members.map { member in
      guard let hero = latest[member.id] else { return member }
      var fresh = Member(hero: hero, recruitedAt: member.recruitedAt)
      fresh.unknownFields = member.unknownFields
      if fresh != member { changed = true }
      return fresh
    }
    return changed ? Squad(members: updated) : nil
  }
}
