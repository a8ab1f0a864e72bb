/// One screen of a full-screen command: a line per terminal row, each at most one column
/// narrower than the terminal (so no line ever wraps), possibly with colour sequences.
struct ScreenFrame: Equatable, Sendable {
  var size: TerminalSize
  var lines: [String]
}
