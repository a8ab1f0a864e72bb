/// Owns a feature's state: reduces actions, runs the effects they return, and feeds result actions
/// back in order.
///
/// Actions sent while another is being reduced are queued, never dropped or crashed on. Effects
/// run one at a time, first in first out, so result order is deterministic; an effect may send
/// progress actions while it works, and each is reduced as it arrives.
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
  private var isRunningEffects = false
  private var effectLoop: Task<Void, Never>?

  /// Creates a store with its initial state, the runner for its effects and one observer.
  public init(initialState: F.State, runner: Runner, observer: @escaping Observer = { _, _ in }) {
    state = initialState
    self.runner = runner
    self.observer = observer
  }

  /// Reduces the action (after any already queued) and schedules the effects it returns.
  public func send(_ action: F.Action) {
    pendingActions.append(action)
    guard !isReducing else { return }
    isReducing = true
    while !pendingActions.isEmpty {
      let next = pendingActions.removeFirst()
      let effects = F.reduce(&state, next)
      observer(next, state)
      pendingEffects.append(contentsOf: effects)
    }
    isReducing = false
    startEffectsIfNeeded()
  }

  /// Sends the action and waits until it and every effect that follows from it have finished.
  ///
  /// The effects run right here, in the caller's task, rather than in a task of their own: a
  /// command whose effects never wait then needs no other thread at all.
  public func run(_ action: F.Action) async {
    await finish()
    isRunningEffects = true
    send(action)
    while let effect = nextEffect() { await perform(effect) }
    isRunningEffects = false
  }

  /// Waits until no effect is running or queued.
  public func finish() async {
    // A finished loop clears itself; an action sent meanwhile may have started a new one.
    while let loop = effectLoop { await loop.value }
  }

  private func startEffectsIfNeeded() {
    guard !isRunningEffects, effectLoop == nil, !pendingEffects.isEmpty else { return }
    effectLoop = Task {
      while let effect = self.nextEffect() { await self.perform(effect) }
      self.effectLoop = nil
    }
  }

  private func perform(_ effect: F.Effect) async {
    await runner.run(effect) { action in await self.send(action) }
  }

  private func nextEffect() -> F.Effect? {
    pendingEffects.isEmpty ? nil : pendingEffects.removeFirst()
  }
}
