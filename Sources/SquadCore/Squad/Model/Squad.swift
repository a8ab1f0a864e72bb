import Foundation

/// The squad: members in recruitment order, each id at most once.
struct Squad: Hashable, Sendable {
  /// The `schemaVersion` this build reads and writes.
  static let currentSchemaVersion = 1
  private(set) var members: [Member]
  /// The most members the squad may hold; nil for no limit (`squads create NAME --max N`).
  var maxMembers: Int?
  /// The largest size limit a squad may have, for `--max` and the squad file alike.
  static let largestLimit = 100_000
  /// Keys of the squad file that squad does not know, in their order: kept by every change.
  var unknownFields: [UnknownField] = []

  /// A squad of the given members; later duplicates of an id are dropped.
  init(members: [Member] = []) {
    var seen = Set<HeroID>()
    self.members = members.filter { seen.insert($0.id).inserted }
  }

  init(distinctMembers members: [Member]) { self.members = members }

  var memberIDs: Set<HeroID> { Set(members.map(\.id)) }

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

  @discardableResult
  mutating func recruit(_ member: Member) -> Bool {
    guard !members.contains(where: { $0.id == member.id }) else { return false }
    members.append(member)
    return true
  }

  mutating func fire(_ id: HeroID) -> Member? {
    guard let index = members.firstIndex(where: { $0.id == id }) else { return nil }
    return members.remove(at: index)
  }
}
