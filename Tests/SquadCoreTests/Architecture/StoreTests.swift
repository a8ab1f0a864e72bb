import Testing

@testable import SquadCore

/// A tiny feature for exercising the store itself: each `tick` asks for an echo effect.
private enum Counter: Feature {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable {
    case tick(Int)
    case echoed(Int)
    case progress(Int)
  }
  enum Effect: Equatable, Sendable { case echo(Int) }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .tick(let n):
      state.log.append("tick \(n)")
      return [.echo(n)]
    case .echoed(let n):
      state.log.append("echoed \(n)")
      return []
    case .progress(let n):
      state.log.append("progress \(n)")
      return []
    }
  }
}

private struct CounterEffects: EffectRunner {
  func run(_ effect: Counter.Effect, send: @escaping @Sendable (Counter.Action) async -> Void) async {
    guard case .echo(let n) = effect else { return }
    await send(.progress(n))
    await send(.echoed(n))
  }
}

/// A long effect that counts until it is cancelled; the reducer stops it at 3.
private enum Countdown: Feature {
  struct State: Equatable, Sendable { var counted: [Int] = [] }
  enum Action: Equatable, Sendable {
    case start
    case counted(Int)
  }
  enum Effect: Equatable, Sendable {
    case count
    case stop
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .start: return [.count]
    case .counted(let n):
      state.counted.append(n)
      return n == 3 ? [.stop] : []
    }
  }

  static func cancellation(of effect: Effect) -> Effect? { effect == .count ? .stop : nil }
}

private struct CountdownEffects: EffectRunner {
  func run(_ effect: Countdown.Effect, send: @escaping @Sendable (Countdown.Action) async -> Void) async {
    guard effect == .count else { return }
    for n in 1...1_000 where !Task.isCancelled { await send(.counted(n)) }
  }
}

@MainActor
@Suite struct StoreTests {
  @Test func anEffectTheReducerCancelsStopsAtOnce() async {
    let store = Store<Countdown, CountdownEffects>(initialState: .init(), runner: CountdownEffects())
    await store.run(.start)
    #expect(store.state.counted == [1, 2, 3])
  }

  @Test func effectsRunInOrderAndTheirActionsAreReducedAsTheyArrive() async {
    let store = Store<Counter, CounterEffects>(initialState: .init(), runner: CounterEffects())
    await store.run(.tick(1))
    #expect(store.state.log == ["tick 1", "progress 1", "echoed 1"])
    await store.run(.tick(2))
    #expect(store.state.log == ["tick 1", "progress 1", "echoed 1", "tick 2", "progress 2", "echoed 2"])
  }

  @Test func anActionSentFromTheObserverIsQueuedNotLost() async {
    var observed: [Counter.Action] = []
    var storeRef: Store<Counter, CounterEffects>?
    let store = Store<Counter, CounterEffects>(initialState: .init(), runner: CounterEffects()) { action, _ in
      observed.append(action)
      if action == .tick(1) { storeRef?.send(.tick(2)) }
    }
    storeRef = store
    await store.run(.tick(1))
    #expect(observed == [.tick(1), .tick(2), .progress(1), .echoed(1), .progress(2), .echoed(2)])
    #expect(store.state.log.count == 6)
  }

  @Test func theObserverSeesEveryActionWithTheStateItProduced() async {
    var seen: [(Counter.Action, Int)] = []
    let store = Store<Counter, CounterEffects>(initialState: .init(), runner: CounterEffects()) { action, state in
      seen.append((action, state.log.count))
    }
    await store.run(.tick(7))
    #expect(seen.map(\.0) == [.tick(7), .progress(7), .echoed(7)])
    #expect(seen.map(\.1) == [1, 2, 3])
  }
}
