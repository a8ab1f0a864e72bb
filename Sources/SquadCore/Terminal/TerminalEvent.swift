enum TerminalEvent: Equatable, Sendable {
  case key(Key)
  case resized(TerminalSize)
  /// `idle`: about a second without input; `closed`: end of input, or a read error.
  case idle, closed
}
