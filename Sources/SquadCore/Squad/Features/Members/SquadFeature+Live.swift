import Foundation

struct SquadEffects: EffectRunner {
  let environment: AppEnvironment

  func run(_ effect: SquadFeature.Effect, send: @escaping @Sendable (SquadFeature.Action) async -> Void) async {
    switch effect {
    case .loadSquad:
      let file = environment.squadFile
      do throws(PersistenceError) {
        // Read before the squad: one replaced in between is then refused, never changed unasked.
        let identity = try file.identity
        await send(.squadLoaded(.success(try file.loadExisting()), identity: identity))
      } catch {
        await send(.squadLoaded(.failure(error)))
      }
    case .resolveHeroes(let refs, let members, let firing):
      let resolver = HeroResolver(heroes: environment.heroes, members: members)
      guard firing else { return await send(.heroesResolved(await resolver.resolve(refs))) }
      let (heroes, noMember) = await resolver.resolve(refs, firing: true)
      if !noMember.isEmpty { await send(.noMemberNamed(noMember)) }
      await send(.heroesResolved(heroes))
    case .confirm(let prompt):
      await send(.confirmationAnswered(await environment.confirm(prompt)))
    case .updateSquad(let command, let heroes, let identity):
      if environment.squadFile.isBusy { await send(.waitingForLock) }
      let update = Result { () throws(SquadError) in
        try environment.squadFile.change(by: command.name, at: environment.now()) { snapshot throws(SquadError) in
          try SquadFeature.plan(command, heroes: heroes, identity: identity, in: snapshot)
        }.0
      }
      await send(.squadUpdated(update))
    }
  }
}
