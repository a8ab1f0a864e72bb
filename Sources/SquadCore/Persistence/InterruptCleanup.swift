import InterruptHandler

/// Removes the temporary files being written when the user presses Ctrl-C, then exits 130 (SIGTERM: 143).
// The handler is C (`Sources/InterruptHandler`) to stay async-signal-safe.
public enum InterruptCleanup {
  /// Installs the SIGINT and SIGTERM handlers; call once at start-up.
  public static func install() { interrupt_handler_install() }

  /// Registers a file to remove if the process is interrupted; pass the result to `unregister`.
  static func register(_ path: String) -> Int32 { interrupt_handler_register(path) }

  /// Where a line waits for its newline (a status line, a question), which an interrupt writes.
  enum OpenLine: Int32 {
    case none = 0
    case standardError = 1
    case terminal = 2
  }

  /// Tells the handler where a line is left unfinished.
  static func lineOpen(_ place: OpenLine) { interrupt_handler_set_line_open(place.rawValue) }

  /// Forgets a file registered with `register`.
  static func unregister(_ slot: Int32) { interrupt_handler_unregister(slot) }
}
