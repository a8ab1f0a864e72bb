import Foundation

/// Loading, recruiting, firing and saving the squad: heroes are looked up first, then the squad
/// changes in one locked update, decided on the squad read under the lock.
enum SquadFeature: Feature {
  /// Where the command is, and where the heroes it named came from.
  struct State: Equatable, Sendable {
    /// The current phase.
    var phase: Phase = .idle
    /// Who answered the hero lookups (for notices and attribution); nil before any lookup.
    var source: DataSource?
    /// Which squad a fire asks about.
    var squad: SquadName = .default
    /// Which squad a fire read (``SquadFile/identity``): its update changes that squad only, never
    /// one renamed, deleted or replaced meanwhile (while its question waited).
    var squadIdentity: [UInt64]?
    /// Whether the update waits for another squad command's lock.
    var waitingForLock = false
    /// Names a fire gave that match no member but several heroes: no one to fire.
    var noMember: [String] = []
  }

  /// The phases of a squad command; each carries what exists at that point.
  enum Phase: Equatable, Sendable {
    case idle
    /// Reading the squad without the lock: to list it, or to find the members a fire names.
    case loading(SquadCommand, heroes: [HeroRef])
    /// Looking up the heroes named on the command line (among `squad`'s members first, if read).
    case resolving(SquadCommand, squad: Squad?)
    /// Waiting for the user to confirm firing these members.
    case confirming(firing: [Member], heroes: [Hero])
    /// Changing the squad under the lock: read, apply, save.
    case updating(SquadCommand, heroes: [Hero])
    /// Finished: the squad as it now is, and what happened to it.
    case done(Squad, SquadChange)
    /// The user said no at the prompt; nothing changed.
    case cancelled
    /// The command failed; nothing was written.
    case failed(SquadError)
  }

  /// What happened.
  enum Action: Equatable, Sendable {
    case listRequested
    case recruitRequested([HeroRef], at: Date)
    case fireRequested([HeroRef], askFirst: Bool, from: SquadName)
    /// The squad, and which one it is (``SquadFile/identity``).
    case squadLoaded(Result<Squad, PersistenceError>, identity: [UInt64]? = nil)
    case heroesResolved(Result<Sourced<[Hero]>, LookupFailure>)
    /// Names a fire gave that match no member but several heroes (sent before `heroesResolved`).
    case noMemberNamed([String])
    case confirmationAnswered(Bool)
    /// The update waits for another squad command to let the lock go.
    case waitingForLock
    case squadUpdated(Result<SquadUpdateResult, SquadError>)
  }

  /// What the feature asks the outside world to do.
  enum Effect: Equatable, Sendable {
    /// Read the squad without the lock (a listing, or the members a fire may name).
    case loadSquad
    /// Look the heroes up, trying these members before the catalogue; with `firing`, a name
    /// that matches no member and several heroes is no one to fire, not an ambiguity.
    case resolveHeroes([HeroRef], members: [Member], firing: Bool = false)
    case confirm(prompt: String)
    /// Under the lock: read the squad, apply the command (``plan(_:heroes:identity:in:)``), save it;
    /// with a `squad` identity, only if it is still that squad.
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

  /// Recruit, fire and pick's save, decided on the squad read under the lock; with `identity`,
  /// only that squad is changed (``SquadError/squadGone(squad:)`` otherwise).
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

/// The squad command being run.
enum SquadCommand: Equatable, Sendable {
  case list
  case recruit(at: Date)
  case fire(askFirst: Bool)
  /// `squad pick`'s Enter: the heroes in `firing` leave, the others join (at `at`), in one save.
  case pick(at: Date, firing: Set<HeroID>)

  /// The command's name, as the squad's history records it.
  var name: String {
    switch self {
    case .list: return "list"
    case .recruit: return "recruit"
    case .fire: return "fire"
    case .pick: return "pick"
    }
  }
}
