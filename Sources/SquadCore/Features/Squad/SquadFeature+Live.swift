import Foundation

/// Runs the squad feature's effects against the real environment.
public struct SquadEffects: EffectRunner {
  private let environment: AppEnvironment
  private let update: SquadUpdate

  /// A runner over an environment.
  public init(environment: AppEnvironment) {
    self.environment = environment
    update = SquadUpdate(file: environment.squadFile)
  }

  public func run(_ effect: SquadFeature.Effect, send: @escaping @Sendable (SquadFeature.Action) async -> Void) async {
    switch effect {
    case .resolveHeroes(let refs, let amongMembersFirst):
      // A squad file that cannot be read here fails the locked load that follows, with its reason.
      let members = amongMembersFirst ? ((try? environment.squadFile.load())?.members ?? []) : []
      await send(.heroesResolved(await HeroResolver(directory: environment.directory, members: members).resolve(refs)))

    case .loadSquad(let forUpdate):
      await send(.squadLoaded(update.load(forUpdate: forUpdate)))

    case .confirm(let prompt):
      await send(.confirmationAnswered(await environment.confirm(prompt)))

    case .saveSquad(let squad):
      await send(.squadSaved(update.save(squad)))
    }
  }
}
