/// A state machine: its state, the actions that happen to it, and the effects it asks for.
///
/// `reduce` is pure and total: no I/O, no clock, no randomness, and it never throws. A refusal
/// ("already in the squad", "not found") is a state, not an exception. Effects are data that an
/// ``EffectRunner`` turns into work, whose results come back as actions.
///
/// One exception: the picker's reducer filters its ``PickIndex`` as the user types, reading names
/// from the memory-mapped catalogue, bytes that never change while the map lives; an effect per
/// keystroke would add a round trip to every key for nothing a test could observe.
protocol Feature: SendableMetatype {
  /// Everything the feature knows; rendered by the CLI after every action.
  associatedtype State: Equatable & Sendable
  /// Requests from the user and results of effects.
  associatedtype Action: Equatable & Sendable
  /// Commands for the outside world, in the imperative.
  associatedtype Effect: Equatable & Sendable

  /// Applies an action to the state and returns the effects to run next, in order; an action
  /// that does not fit the current state changes nothing.
  static func reduce(_ state: inout State, _ action: Action) -> [Effect]

  /// The effect that, returned by the reducer while `effect` runs, cancels it (TCA's
  /// `.cancellable(id:)`); nil (the default) for an effect that runs to its end.
  static func cancellation(of effect: Effect) -> Effect?
}

extension Feature {
  static func cancellation(of effect: Effect) -> Effect? { nil }
}

/// Turns a feature's effects into work and the results into actions: the only code that knows
/// both effects and clients. It may send several actions for one effect (progress, then a result).
protocol EffectRunner<Effect, Action>: Sendable {
  associatedtype Effect: Sendable
  associatedtype Action: Sendable

  func run(_ effect: Effect, send: @escaping @Sendable (Action) async -> Void) async
}
