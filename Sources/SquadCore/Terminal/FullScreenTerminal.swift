/// What a full-screen feature's runner needs from a terminal: show frames, wait for keys.
public protocol FullScreenTerminal: Sendable {
  /// Shows the frame, rewriting only what changed.
  func draw(_ frame: ScreenFrame)
  /// Waits for the next thing the user does.
  func nextEvent() -> TerminalEvent
  /// Gives the terminal back and stops the process, as Ctrl-Z does; returns once resumed (and a
  /// resize event then asks for the whole screen again).
  func suspend()
  /// Stops (Ctrl-Z, SIGTSTP) wait from now on until the terminal is given back: the last work, a
  /// save holding a lock, must not be stopped halfway.
  func deferStops()
}
