/// A line per terminal row, each one column narrower than the terminal so none wraps.
struct ScreenFrame: Equatable, Sendable {
  var size: TerminalSize
  var lines: [String]
}
