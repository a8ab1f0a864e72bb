import Foundation

/// Runs the squad feature's effects against the real environment.
public struct SquadEffects: EffectRunner {
  private let environment: AppEnvironment

  /// A runner over an environment.
  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  public func run(_ effect: SquadFeature.Effect, send: @escaping @Sendable (SquadFeature.Action) async -> Void) async {
    switch effect {
    case .loadSquad:
      do throws(PersistenceError) {
        await send(.squadLoaded(.success(try environment.squadFile.load())))
      } catch {
        await send(.squadLoaded(.failure(error)))
      }

    case .resolveHeroes(let refs, let members):
      await send(.heroesResolved(await HeroResolver(directory: environment.directory, members: members).resolve(refs)))

    case .confirm(let prompt):
      await send(.confirmationAnswered(await environment.confirm(prompt)))

    case .updateSquad(let command, let heroes):
      do throws(PersistenceError) {
        await send(.squadUpdated(.success(try environment.squadFile.update(command, heroes: heroes))))
      } catch {
        await send(.squadUpdated(.failure(error)))
      }
    }
  }
}
