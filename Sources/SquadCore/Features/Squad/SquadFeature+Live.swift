import Foundation

/// Runs the squad feature's effects against the real environment.
public struct SquadEffects: EffectRunner {
  private let environment: AppEnvironment
  private let heldLock = HeldLock()

  /// A runner over an environment.
  public init(environment: AppEnvironment) { self.environment = environment }

  public func run(_ effect: SquadFeature.Effect, send: @escaping @Sendable (SquadFeature.Action) async -> Void) async {
    switch effect {
    case .resolveHeroes(let refs):
      await send(.heroesResolved(await HeroResolver(directory: environment.directory).resolve(refs)))

    case .loadSquad(let forUpdate):
      do throws(PersistenceError) {
        if forUpdate { heldLock.hold(try environment.squadFile.lock()) }
        await send(.squadLoaded(.success(try environment.squadFile.load())))
      } catch {
        heldLock.hold(nil)
        await send(.squadLoaded(.failure(error)))
      }

    case .confirm(let prompt):
      await send(.confirmationAnswered(await environment.confirm(prompt)))

    case .saveSquad(let squad):
      defer { heldLock.hold(nil) }
      do throws(PersistenceError) {
        try environment.squadFile.save(squad)
        await send(.squadSaved(.success(squad)))
      } catch {
        await send(.squadSaved(.failure(error)))
      }
    }
  }
}

/// Keeps the squad lock from the load that took it until the save that ends the update.
final class HeldLock: Sendable {
  private let slot = Mutex<FileLock?>(nil)

  /// Replaces the held lock (nil releases it).
  func hold(_ lock: FileLock?) { slot.withLock { $0 = lock } }
}
