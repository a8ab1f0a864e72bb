/// One screen of a full-screen command: a line per terminal row, each at most one column
/// narrower than the terminal (so no line ever wraps), possibly with colour sequences.
public struct ScreenFrame: Equatable, Sendable {
  /// The terminal size the frame was drawn for.
  public var size: TerminalSize
  /// The rows, top to bottom.
  public var lines: [String]
}
