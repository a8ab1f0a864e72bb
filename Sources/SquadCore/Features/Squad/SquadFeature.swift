import Foundation

/// Loading, recruiting, firing and saving the squad.
///
/// Recruit and fire resolve every hero first, then load the squad under the lock, apply the
/// change and save once. Recruiting a member or firing a non-member is not an error: the change
/// says so and nothing is written.
public enum SquadFeature: Feature {
  /// Where the command is, and where the heroes it named came from.
  public struct State: Equatable, Sendable {
    /// The current phase.
    public var phase: Phase
    /// Who answered the hero lookups (for notices and attribution); nil before any lookup.
    public var source: DataSource?

    /// A state in the given phase.
    public init(phase: Phase = .idle, source: DataSource? = nil) {
      self.phase = phase
      self.source = source
    }
  }

  /// The phases of a squad command; each carries what exists at that point.
  public enum Phase: Equatable, Sendable {
    case idle
    /// Looking up the heroes named on the command line.
    case resolving(SquadCommand)
    /// Reading the squad file; `forUpdate` means under the lock, ready to change it.
    case loading(SquadCommand, heroes: [Hero], forUpdate: Bool)
    /// Waiting for the user to confirm firing these members.
    case confirming(Squad, firing: [Member], heroes: [Hero])
    /// Writing the changed squad.
    case saving(Squad, SquadChange)
    /// Finished: the squad as it now is, and what happened to it.
    case done(Squad, SquadChange)
    /// The user said no at the prompt; nothing changed.
    case cancelled
    /// The command failed; nothing was written.
    case failed(SquadFailure)
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case listRequested
    case recruitRequested([HeroRef], at: Date)
    case fireRequested([HeroRef], askFirst: Bool)
    case heroesResolved(Result<Sourced<[Hero]>, LookupFailure>)
    case squadLoaded(Result<Squad, PersistenceError>)
    case confirmationAnswered(Bool)
    case squadSaved(Result<Squad, PersistenceError>)
  }

  /// What the feature asks the outside world to do.
  public enum Effect: Equatable, Sendable {
    /// Look the heroes up; `amongMembersFirst` tries squad members before the catalogue.
    case resolveHeroes([HeroRef], amongMembersFirst: Bool)
    /// Read the squad; `forUpdate` first takes the exclusive lock, held until the save.
    case loadSquad(forUpdate: Bool)
    case confirm(prompt: String)
    case saveSquad(Squad)
  }

  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state.phase, action) {
    case (.idle, .listRequested):
      state.phase = .loading(.list, heroes: [], forUpdate: false)
      return [.loadSquad(forUpdate: false)]

    case (.idle, .recruitRequested(let refs, let date)):
      state.phase = .resolving(.recruit(at: date))
      return [.resolveHeroes(refs, amongMembersFirst: false)]

    case (.idle, .fireRequested(let refs, let askFirst)):
      state.phase = .resolving(.fire(askFirst: askFirst))
      return [.resolveHeroes(refs, amongMembersFirst: true)]

    case (.resolving(let command), .heroesResolved(.success(let answer))):
      let heroes = answer.value
      state.source = answer.source
      // Asking first means reading without the lock: nobody should wait on a person typing.
      let forUpdate = command != .fire(askFirst: true)
      state.phase = .loading(command, heroes: heroes, forUpdate: forUpdate)
      return [.loadSquad(forUpdate: forUpdate)]

    case (.resolving, .heroesResolved(.failure(let failure))):
      state.phase = .failed(.lookup(failure))
      return []

    case (.loading(let command, let heroes, let forUpdate), .squadLoaded(.success(let squad))):
      return squadLoaded(&state.phase, squad, command: command, heroes: heroes, forUpdate: forUpdate)

    case (.loading, .squadLoaded(.failure(let error))):
      state.phase = .failed(.persistence(error))
      return []

    case (.confirming(_, _, let heroes), .confirmationAnswered(true)):
      state.phase = .loading(.fire(askFirst: false), heroes: heroes, forUpdate: true)
      return [.loadSquad(forUpdate: true)]

    case (.confirming, .confirmationAnswered(false)):
      state.phase = .cancelled
      return []

    case (.saving(_, let change), .squadSaved(.success(let squad))):
      state.phase = .done(squad, change)
      return []

    case (.saving, .squadSaved(.failure(let error))):
      state.phase = .failed(.persistence(error))
      return []

    default:
      // An action that does not fit the current phase changes nothing.
      return []
    }
  }

  private static func squadLoaded(
    _ state: inout Phase, _ squad: Squad, command: SquadCommand, heroes: [Hero], forUpdate: Bool
  ) -> [Effect] {
    let (updated, change) = SquadChange.apply(command, heroes: heroes, to: squad)
    if change.isEmpty {
      state = .done(squad, change)
      return []
    }
    if !forUpdate {
      state = .confirming(squad, firing: change.removed, heroes: heroes)
      return [.confirm(prompt: "Fire \(NameList.join(change.removed.map(\.name))) from the squad? [y/N] ")]
    }
    state = .saving(updated, change)
    return [.saveSquad(updated)]
  }
}

/// The squad command being run.
public enum SquadCommand: Equatable, Sendable {
  case list
  case recruit(at: Date)
  case fire(askFirst: Bool)
}

/// Why a squad command failed.
public enum SquadFailure: Error, Equatable, Sendable, CustomStringConvertible {
  case lookup(LookupFailure)
  case persistence(PersistenceError)

  /// The exit code the failure ends the command with.
  public var exitCode: ExitCode {
    switch self {
    case .lookup(let failure): return failure.exitCode
    case .persistence(let error): return error.exitCode
    }
  }

  public var description: String {
    switch self {
    case .lookup(let failure): return failure.description
    case .persistence(let error): return error.description
    }
  }
}
