/// Runs the heroes feature's effects against the real environment.
public struct HeroesEffects: EffectRunner {
  private let environment: AppEnvironment

  /// A runner over an environment.
  public init(environment: AppEnvironment) { self.environment = environment }

  public func run(_ effect: HeroesFeature.Effect, send: @escaping @Sendable (HeroesFeature.Action) async -> Void) async {
    switch effect {
    case .fetch(let query, let all):
      guard all else { return await send(.pageLoaded(await environment.directory.page(query))) }
      await fetchAll(from: query, send: send)
    case .loadSquad:
      do throws(PersistenceError) {
        await send(.squadLoaded(.success(try environment.squadFile.load())))
      } catch {
        await send(.squadLoaded(.failure(error)))
      }
    }
  }

  /// Pages through the listing, one action per page, until `total` is reached.
  private func fetchAll(from query: HeroQuery, send: @Sendable (HeroesFeature.Action) async -> Void) async {
    var next = query
    next.limit = environment.directory.maximumPageSize
    while true {
      let result = await environment.directory.page(next)
      await send(.pageLoaded(result))
      guard case .success(let page) = result, let offset = HeroesFeature.nextOffset(after: page, requested: next.offset)
      else { return }
      next.offset = offset
    }
  }
}
