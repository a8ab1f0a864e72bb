import Foundation

struct SquadsEffects: EffectRunner {
  let set: SquadSet
  let environment: AppEnvironment

  func run(_ effect: SquadsFeature.Effect, send: @escaping @Sendable (SquadsFeature.Action) async -> Void) async {
    switch effect {
    case .loadSquads:
      await send(.squadsLoaded(Result { () throws(PersistenceError) in try set.summaries() }.mapError(SquadError.file)))
    case .confirm(let prompt):
      await send(.confirmationAnswered(await environment.confirm(prompt)))
    case .change(let request):
      let change = Result { () throws(SquadError) -> SquadsChange in
        switch request {
        case .create(let name, let limit, let date):
          let earlier = try set.create(name, maxMembers: limit, at: date).earlierChanges
          return earlier > 0 ? .takenUp(earlierChanges: earlier) : .done
        case .rename(let old, let new, let date):
          return try set.rename(old, to: new, at: date) ? .done : .unchanged
        case .delete(let name, let date, let asked):
          let (loaded, folder) = try set.delete(name, at: date, asked: asked)
          switch loaded {
          case .success(let squad): return .deleted(members: squad.members.count, keptIn: folder)
          case .failure(let error): return .deletedUnread(error, keptIn: folder)
          }
        case .restore(let name, let time):
          let (folder, older) = try set.restore(name, at: time)
          return .restored(from: folder, older: older)
        case .limit(let name, let limit, let date):
          return try set.setLimit(name, to: limit, at: date) ? .done : .unchanged
        }
      }
      await send(.changeFinished(change))
    }
  }
}
