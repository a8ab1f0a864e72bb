/// One screen of a full-screen command: a line per terminal row, each at most one column
/// narrower than the terminal (so no line ever wraps), possibly with colour sequences.
struct ScreenFrame: Equatable, Sendable {
  /// The terminal size the frame was drawn for.
  var size: TerminalSize
  /// The rows, top to bottom.
  var lines: [String]
}
