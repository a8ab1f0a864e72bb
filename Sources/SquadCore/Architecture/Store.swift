/// Owns a feature's state: reduces actions, runs the effects they return, and feeds result actions
/// back in order.
///
/// There is one way to drive it: ``run(_:)`` sends an action and runs every effect that follows,
/// one at a time, first in first out, so result order is deterministic. An effect may send
/// progress actions while it works, and each is reduced as it arrives; an action sent while
/// another is being reduced (from the observer) is queued, never dropped. An effect the feature
/// says ``Feature/cancels(_:)`` is not run: it cancels the task of the effect running now.
@MainActor
public final class Store<F: Feature, Runner: EffectRunner> where Runner.Effect == F.Effect, Runner.Action == F.Action {
  /// Called after every reduced action with the state it produced.
  public typealias Observer = @MainActor (F.Action, F.State) -> Void

  /// The current state.
  public private(set) var state: F.State
  private let runner: Runner
  private let observer: Observer
  private var pendingActions: [F.Action] = []
  private var pendingEffects: [F.Effect] = []
  private var isReducing = false
  private var running: Task<Void, Never>?

  /// Creates a store with its initial state, the runner for its effects and one observer.
  public init(initialState: F.State, runner: Runner, observer: @escaping Observer = { _, _ in }) {
    state = initialState
    self.runner = runner
    self.observer = observer
  }

  /// Sends the action and waits until it and every effect that follows from it have finished,
  /// one at a time, each in a task of its own so the reducer can cancel it.
  public func run(_ action: F.Action) async {
    send(action)
    while !pendingEffects.isEmpty {
      let effect = pendingEffects.removeFirst()
      let task = Task { await runner.run(effect) { action in await self.send(action) } }
      running = task
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
        if F.cancels(effect) { running?.cancel() } else { pendingEffects.append(effect) }
      }
      observer(next, state)
    }
    isReducing = false
  }
}
