/// Something the user did on the terminal.
public enum TerminalEvent: Equatable, Sendable {
  case key(Key)
  case resized(TerminalSize)
  /// The terminal is gone: end of input or a read error.
  case closed
}
