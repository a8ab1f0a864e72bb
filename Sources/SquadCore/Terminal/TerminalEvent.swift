enum TerminalEvent: Equatable, Sendable {
  case key(Key)
  case resized(TerminalSize)
  /// Nothing happened for a while (about a second): a chance to look at the world again.
  case idle
  case closed
}
