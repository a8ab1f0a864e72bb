enum TerminalEvent: Equatable, Sendable {
  case key(Key)
  case resized(TerminalSize)
  case idle
  case closed
}
