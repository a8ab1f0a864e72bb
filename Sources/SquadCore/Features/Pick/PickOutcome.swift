enum PickOutcome: Equatable, Sendable {
  case saved(SquadUpdateResult)
  case unchanged
  /// Ctrl-C: nothing changed; exit 130.
  case interrupted
  case failed(PickFailure)
}

enum PickFailure: Equatable, Sendable {
  case squad(SquadError)
  case terminalClosed
}
