struct HeroesEffects: EffectRunner {
  let environment: AppEnvironment

  func run(_ effect: HeroesFeature.Effect, send: @escaping @Sendable (HeroesFeature.Action) async -> Void) async {
    switch effect {
    case .fetch(let query, let all):
      guard all else { return await send(.pageLoaded(await environment.heroes.page(query))) }
      await environment.heroes.allPages(from: query) { await send(.pageLoaded($0)) }
    case .loadSquad:
      await send(.squadLoaded(Result { () throws(PersistenceError) in try environment.squadFile.loadExisting() }))
    }
  }
}
