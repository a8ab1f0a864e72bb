/// What a full-screen feature's runner needs from a terminal: show frames, wait for keys.
protocol FullScreenTerminal: Sendable {
  func draw(_ frame: ScreenFrame)
  func nextEvent() -> TerminalEvent
  /// Gives the terminal back and stops the process, as Ctrl-Z does; returns once resumed (and a
  /// resize event then asks for the whole screen again).
  func suspend()
  /// No more keys will be read (the last work, a save that may wait for a lock, is starting):
  /// Ctrl-C interrupts as a signal again, and stops (Ctrl-Z, SIGTSTP) wait until the terminal is
  /// given back, so the save is never stopped halfway.
  func stopReadingKeys()
}
