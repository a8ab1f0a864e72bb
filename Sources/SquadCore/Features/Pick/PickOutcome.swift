enum PickOutcome: Equatable, Sendable {
  case saved(SquadUpdateResult)
  /// `unchanged`: nothing pending, or discarded; `interrupted`: Ctrl-C, exit 130.
  case unchanged, interrupted
  case failed(PickFailure)
}

enum PickFailure: Equatable, Sendable {
  case squad(SquadError)
  case terminalClosed
}
