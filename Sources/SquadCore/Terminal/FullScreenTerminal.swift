/// What a full-screen feature's runner needs from a terminal: show frames, wait for keys.
public protocol FullScreenTerminal: Sendable {
  /// Shows the frame, rewriting only what changed.
  func draw(_ frame: ScreenFrame)
  /// Waits for the next thing the user does.
  func nextEvent() -> TerminalEvent
}
