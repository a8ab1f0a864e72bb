import Foundation

/// What a recruit or fire did: who joined or left, and who was already in or never there.
struct SquadChange: Equatable, Sendable {
  var added: [Member] = []
  var alreadyMembers: [Hero] = []
  var removed: [Member] = []
  var notMembers: [Hero] = []

  /// Nothing changed (listing, or an idempotent no-op).
  static let none = SquadChange()
  var isEmpty: Bool { added.isEmpty && removed.isEmpty }

  static func apply(_ command: SquadCommand, heroes: [Hero], to squad: Squad) -> (Squad, SquadChange) {
    var updated = squad
    var change = SquadChange()
    for hero in heroes {
      switch command {
      case .list: break
      case .fire: fire(hero, from: &updated, change: &change)
      case .pick(_, let firing) where firing.contains(hero.id): fire(hero, from: &updated, change: &change)
      case .recruit(let date), .pick(let date, _): recruit(hero, at: date, into: &updated, change: &change)
      }
    }
    return (updated, change)
  }

  private static func recruit(_ hero: Hero, at date: Date, into squad: inout Squad, change: inout SquadChange) {
    let member = Member(hero: hero, recruitedAt: date)
    if squad.recruit(member) {
      change.added.append(member)
    } else {
      change.alreadyMembers.append(hero.named(as: squad))
    }
  }

  private static func fire(_ hero: Hero, from squad: inout Squad, change: inout SquadChange) {
    if let member = squad.fire(hero.id) {
      change.removed.append(member)
    } else {
      change.notMembers.append(hero)
    }
  }
}

extension Hero {
  /// The hero under the name the squad knows them by (members take new names only from `sync`).
  fileprivate func named(as squad: Squad) -> Hero {
    guard let member = squad.members.first(where: { $0.id == id }) else { return self }
    var known = self
    known.name = member.name
    return known
  }
}

struct SquadUpdateResult: Equatable, Sendable {
  var squad: Squad
  /// What changed; empty when nothing was written.
  var change: SquadChange
}
