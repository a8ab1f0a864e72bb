import Foundation

/// Listing, recruiting and firing: heroes are looked up first, then the squad changes in one locked update.
enum SquadFeature: Feature {
  struct State: Equatable, Sendable {
    var phase: Phase = .idle
    /// Who answered the hero lookups (for notices and attribution); nil before any lookup.
    var source: DataSource?
    var squad: SquadName = .default
    /// Which squad a fire read (``SquadFile/identity``): never one renamed, deleted or replaced while it asked.
    var squadIdentity: [UInt64]?
    var waitingForLock = false
    /// Names a fire gave that match no member but several heroes: no one to fire.
    var noMember: [String] = []
  }

  enum Phase: Equatable, Sendable {
    case idle
    /// Reading the squad without the lock: to list it, or to find the members a fire names.
    case loading(SquadCommand, heroes: [HeroRef])
    /// Looking up the heroes named on the command line (among `squad`'s members first, if read).
    case resolving(SquadCommand, squad: Squad?)
    case confirming(firing: [Member], heroes: [Hero])
    case updating(SquadCommand, heroes: [Hero])
    case done(Squad, SquadChange)
    case cancelled
    case failed(SquadError)
  }

  enum Action: Equatable, Sendable {
    case listRequested
    case recruitRequested([HeroRef], at: Date)
    case fireRequested([HeroRef], askFirst: Bool, from: SquadName)
    case squadLoaded(Result<Squad, PersistenceError>, identity: [UInt64]? = nil)
    case heroesResolved(Result<Sourced<[Hero]>, LookupFailure>)
    /// Sent before `heroesResolved`.
    case noMemberNamed([String])
    case confirmationAnswered(Bool)
    case waitingForLock
    case squadUpdated(Result<SquadUpdateResult, SquadError>)
  }

  enum Effect: Equatable, Sendable {
    case loadSquad
    /// Look the heroes up among these members first; with `firing`, a name matching no member is no ambiguity.
    case resolveHeroes([HeroRef], members: [Member], firing: Bool = false)
    case confirm(prompt: String)
    /// ``plan(_:heroes:identity:in:)`` under the lock; with a `squad` identity, only if it is still that squad.
    case updateSquad(SquadCommand, heroes: [Hero], squad: [UInt64]? = nil)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state.phase, action) {
    case (.idle, .listRequested):
      state.phase = .loading(.list, heroes: [])
      return [.loadSquad]
    case (.idle, .recruitRequested(let refs, let date)):
      state.phase = .resolving(.recruit(at: date), squad: nil)
      return [.resolveHeroes(refs, members: [])]
    case (.idle, .fireRequested(let refs, let askFirst, let squad)):
      state.squad = squad
      state.phase = .loading(.fire(askFirst: askFirst), heroes: refs)
      return [.loadSquad]
    case (.loading(.list, _), .squadLoaded(.success(let squad), _)):
      state.phase = .done(squad, .none)
      return []
    case (.loading(let command, let refs), .squadLoaded(.success(let squad), let identity)):
      state.squadIdentity = identity
      state.phase = .resolving(command, squad: squad)
      return [.resolveHeroes(refs, members: squad.members, firing: true)]
    case (.loading, .squadLoaded(.failure(let error), _)):
      state.phase = .failed(.file(error))
      return []
    case (.resolving(let command, let squad), .heroesResolved(.success(let answer))):
      state.source = answer.source
      return heroesResolved(&state, answer.value, command: command, squad: squad)
    case (.resolving, .noMemberNamed(let names)):
      state.noMember = names
      return []
    case (.resolving, .heroesResolved(.failure(let failure))):
      state.phase = .failed(.lookup(failure))
      return []
    case (.confirming(_, let heroes), .confirmationAnswered(true)):
      state.phase = .updating(.fire(askFirst: false), heroes: heroes)
      return [.updateSquad(.fire(askFirst: false), heroes: heroes, squad: state.squadIdentity)]
    case (.confirming, .confirmationAnswered(false)):
      state.phase = .cancelled
      return []
    case (.updating, .waitingForLock):
      state.waitingForLock = true
      return []
    case (.updating, .squadUpdated(.success(let result))):
      state.phase = .done(result.squad, result.change)
      return []
    case (.updating, .squadUpdated(.failure(let error))):
      state.phase = .failed(error)
      return []
    default:
      return []
    }
  }

  /// Recruit, fire and pick's save, decided under the lock; with `identity`, only that squad is changed.
  static func plan(
    _ command: SquadCommand, heroes: [Hero], identity: [UInt64]? = nil, in snapshot: SquadSnapshot
  ) throws(SquadError) -> (SquadEdit?, SquadUpdateResult) {
    let squad = try snapshot.readSquad()
    if let identity, snapshot.identity != identity { throw .squadGone(squad: snapshot.name.value) }
    let (updated, change) = SquadChange.apply(command, heroes: heroes, to: squad)
    guard !change.isEmpty else { return (nil, SquadUpdateResult(squad: squad, change: change)) }
    let named = Set(heroes.map(\.id))
    let kept = updated.memberIDs
    let fireable = squad.members.count { kept.contains($0.id) && !named.contains($0.id) }
    return (SquadEdit(squad: updated, fireable: fireable), SquadUpdateResult(squad: updated, change: change))
  }

  private static func heroesResolved(
    _ state: inout State, _ heroes: [Hero], command: SquadCommand, squad: Squad?
  ) -> [Effect] {
    if case .fire(askFirst: true) = command, let squad {
      // Asked on the squad read without the lock; the update after a yes reads it again under it.
      let (_, change) = SquadChange.apply(command, heroes: heroes, to: squad)
      if change.isEmpty {
        state.phase = .done(squad, change)
        return []
      }
      state.phase = .confirming(firing: change.removed, heroes: heroes)
      let names = NameList.join(change.removed.map(\.name))
      return [.confirm(prompt: "Fire \(names) from \(state.squad.spoken)? [y/N] ")]
    }
    state.phase = .updating(command, heroes: heroes)
    return [.updateSquad(command, heroes: heroes, squad: state.squadIdentity)]
  }
}

enum SquadCommand: Equatable, Sendable {
  case list
  case recruit(at: Date)
  case fire(askFirst: Bool)
  /// `squad pick`'s Enter: the heroes in `firing` leave, the others join (at `at`), in one save.
  case pick(at: Date, firing: Set<HeroID>)

  var name: String {
    switch self {
    case .list: return "list"
    case .recruit: return "recruit"
    case .fire: return "fire"
    case .pick: return "pick"
    }
  }
}
