enum PickOutcome: Equatable, Sendable {
  case saved(SquadUpdateResult)
  /// Left without changing anything (nothing pending, or pending changes discarded).
  case unchanged
  /// Ctrl-C: nothing changed; exit 130.
  case interrupted
  case failed(PickFailure)
}

enum PickFailure: Equatable, Sendable {
  case squad(SquadError)
  case terminalClosed
}
