import Foundation

struct HistoryEffects: EffectRunner {
  let environment: AppEnvironment

  func run(_ effect: HistoryFeature.Effect, send: @escaping @Sendable (HistoryFeature.Action) async -> Void)
    async
  {
    let file = environment.squadFile
    switch effect {
    case .loadHistory:
      // Without the lock, so a read-only home shows it too; the snapshot's rules drop a change in flight.
      await send(
        .historyLoaded(
          Result { () throws(PersistenceError) in
            try file.refuseLinkedFolder()
            return try file.snapshot().history.get()
          }))
    case .step(let direction, let count, let date):
      let step = Result { () throws(SquadError) in
        let (stopped, entry) = try file.change(by: direction.rawValue, at: date) { snapshot throws(SquadError) in
          try HistoryFeature.plan(direction, count: count, in: snapshot)
        }
        let ranOut = !stopped && (entry?.steps ?? count) < count
        return StepOutcome(entry: entry, stoppedAtLimitChange: stopped, ranOut: ranOut)
      }
      await send(.stepFinished(step))
    }
  }
}
