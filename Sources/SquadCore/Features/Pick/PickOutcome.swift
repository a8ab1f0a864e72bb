/// How a pick ended.
enum PickOutcome: Equatable, Sendable {
  /// Enter saved the pending changes.
  case saved(SquadUpdateResult)
  /// Left without changing anything (nothing pending, or pending changes discarded).
  case unchanged
  /// Ctrl-C: nothing changed; exit 130.
  case interrupted
  case failed(PickFailure)
}
