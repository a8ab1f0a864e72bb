import Testing

@testable import SquadCore

/// A store for tests that reads like a transcript: every action sent or received must come with
/// the exact state change it causes, and every action an effect sends must be received.
///
/// Effects run for real through the given runner (with a test environment) as soon as the
/// action that returned them is reduced; the actions they send wait in `received` until the test
/// asserts them with ``receive(_:sourceLocation:assert:)``.
@MainActor
final class TestStore<F: Feature, Runner: EffectRunner> where Runner.Effect == F.Effect, Runner.Action == F.Action {
  private(set) var state: F.State
  private let runner: Runner
  private var received: [F.Action] = []

  init(initialState: F.State, runner: Runner) {
    state = initialState
    self.runner = runner
  }

  /// Sends an action; `update` must turn the previous state into the new one exactly.
  func send(
    _ action: F.Action, sourceLocation: SourceLocation = #_sourceLocation,
    assert update: (inout F.State) -> Void = { _ in }
  ) async {
    if !received.isEmpty {
      let message: Comment =
        "Must handle \(received.count) received action(s) before sending another: \(received). Add store.receive(…) for each."
      Issue.record(message, sourceLocation: sourceLocation)
    }
    await reduce(action, sourceLocation: sourceLocation, update: update)
  }

  /// Takes the next action an effect sent, checks it, and reduces it.
  func receive(
    _ expected: F.Action, sourceLocation: SourceLocation = #_sourceLocation,
    assert update: (inout F.State) -> Void = { _ in }
  ) async {
    guard !received.isEmpty else {
      Issue.record("Expected to receive \(expected), but no effect sent anything.", sourceLocation: sourceLocation)
      return
    }
    let next = received.removeFirst()
    #expect(next == expected, "Received a different action than expected.", sourceLocation: sourceLocation)
    await reduce(next, sourceLocation: sourceLocation, update: update)
  }

  /// Fails if actions sent by effects were never asserted.
  func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    if !received.isEmpty {
      Issue.record(
        "\(received.count) received action(s) were never asserted: \(received). Add store.receive(…) for each.",
        sourceLocation: sourceLocation)
    }
  }

  private func reduce(_ action: F.Action, sourceLocation: SourceLocation, update: (inout F.State) -> Void) async {
    var expected = state
    update(&expected)
    let effects = F.reduce(&state, action)
    #expect(
      state == expected, "The state after \(action) differs from the one described.", sourceLocation: sourceLocation)
    let collector = ActionCollector<F.Action>()
    for effect in effects {
      await runner.run(effect) { action in collector.append(action) }
    }
    received += collector.actions
  }
}

/// Collects actions sent from effects, which may run on any thread.
final class ActionCollector<Action: Sendable>: Sendable {
  private let storage = Mutex<[Action]>([])

  func append(_ action: Action) { storage.withLock { $0.append(action) } }
  var actions: [Action] { storage.withLock { $0 } }
}
