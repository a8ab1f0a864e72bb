struct HeroDetailEffects: EffectRunner {
  let environment: AppEnvironment

  func run(
    _ effect: HeroDetailFeature.Effect, send: @escaping @Sendable (HeroDetailFeature.Action) async -> Void
  ) async {
    switch effect {
    case .resolveHero(let ref): await send(.heroResolved(await HeroResolver(heroes: environment.heroes).resolve(ref)))
    case .fetchComics(let id): await send(.comicsLoaded(await environment.heroes.comics(of: id)))
    }
  }
}
