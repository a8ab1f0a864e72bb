import Foundation

/// Runs the squad feature's effects against the real environment.
public struct SquadEffects: EffectRunner {
  let environment: AppEnvironment

  public func run(_ effect: SquadFeature.Effect, send: @escaping @Sendable (SquadFeature.Action) async -> Void) async {
    switch effect {
    case .loadSquad:
      await send(.squadLoaded(Result { () throws(PersistenceError) in try environment.squadFile.load() }))

    case .resolveHeroes(let refs, let members):
      await send(.heroesResolved(await HeroResolver(heroes: environment.heroes, members: members).resolve(refs)))

    case .confirm(let prompt):
      await send(.confirmationAnswered(await environment.confirm(prompt)))

    case .updateSquad(let command, let heroes):
      if environment.squadFile.isBusy { await send(.waitingForLock) }
      let update = Result { () throws(SquadError) in
        try environment.squadFile.change(by: command.name, at: environment.now()) { snapshot throws(SquadError) in
          try SquadFeature.plan(command, heroes: heroes, in: snapshot)
        }.0
      }
      await send(.squadUpdated(update))
    }
  }
}
