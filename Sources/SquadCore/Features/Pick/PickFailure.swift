/// Why a pick failed.
enum PickFailure: Equatable, Sendable {
  case squad(SquadError)
  /// The terminal closed while picking; nothing was saved.
  case terminalClosed
}
