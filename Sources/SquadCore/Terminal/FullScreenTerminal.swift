protocol FullScreenTerminal: Sendable {
  func draw(_ frame: ScreenFrame)
  func nextEvent() -> TerminalEvent
  func suspend()
  /// Before a save that may wait for a lock: Ctrl-C interrupts again, and a stop waits until the
  /// terminal is given back.
  func stopReadingKeys()
}
