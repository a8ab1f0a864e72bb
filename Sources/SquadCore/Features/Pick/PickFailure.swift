/// Why a pick failed.
public enum PickFailure: Equatable, Sendable {
  case persistence(PersistenceError)
  /// The terminal closed while picking; nothing was saved.
  case terminalClosed
}
