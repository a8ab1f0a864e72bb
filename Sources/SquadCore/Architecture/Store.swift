/// Owns a feature's state: reduces actions, runs the effects they return, and feeds result actions
/// back in order.
///
/// ``run(_:)`` sends an action and runs every effect that follows, one at a time, first in first
/// out, so result order is deterministic. Progress actions an effect sends are reduced as they
/// arrive; an action sent while another is being reduced (from the observer) is queued, never
/// dropped. A cancellable effect (``Feature/cancellation(of:)``) runs in a task of its own, which
/// the reducer cancels by returning its cancellation.
@MainActor
final class Store<F: Feature, Runner: EffectRunner> where Runner.Effect == F.Effect, Runner.Action == F.Action {
  /// Called after every reduced action with the state it produced.
  typealias Observer = @MainActor (F.Action, F.State) -> Void

  private(set) var state: F.State
  private let runner: Runner
  private let observer: Observer
  private var pendingActions: [F.Action] = []
  private var pendingEffects: [F.Effect] = []
  private var isReducing = false
  private var running: (task: Task<Void, Never>, cancellation: F.Effect)?

  init(initialState: F.State, runner: Runner, observer: @escaping Observer = { _, _ in }) {
    state = initialState
    self.runner = runner
    self.observer = observer
  }

  /// Sends the action and waits until it and every effect that follows from it have finished.
  // The effects run in the caller's task, not one of their own: a command whose effects never
  // wait then needs no other thread at all.
  func run(_ action: F.Action) async {
    send(action)
    while !pendingEffects.isEmpty {
      let effect = pendingEffects.removeFirst()
      guard let cancellation = F.cancellation(of: effect) else {
        await runner.run(effect) { action in await self.send(action) }
        continue
      }
      let task = Task { await runner.run(effect) { action in await self.send(action) } }
      running = (task, cancellation)
      await task.value
      running = nil
    }
  }

  /// Reduces the action (after any already queued) and queues the effects it returns for
  /// ``run(_:)`` to perform.
  func send(_ action: F.Action) {
    pendingActions.append(action)
    guard !isReducing else { return }
    isReducing = true
    while !pendingActions.isEmpty {
      let next = pendingActions.removeFirst()
      for effect in F.reduce(&state, next) {
        if let running, effect == running.cancellation { running.task.cancel() } else { pendingEffects.append(effect) }
      }
      observer(next, state)
    }
    isReducing = false
  }
}
