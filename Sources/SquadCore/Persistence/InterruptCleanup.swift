import InterruptHandler

/// Removes the temporary files being written when the user presses Ctrl-C, then exits 130 (SIGTERM: 143);
/// but once a change is committed (``committing(_:)``), the command finishes instead.
// The handler is C (`Sources/InterruptHandler`) to stay async-signal-safe.
public enum InterruptCleanup {
  /// Installs the SIGINT and SIGTERM handlers; call once at start-up.
  public static func install() { interrupt_handler_install() }
  /// Registers a file to remove if the process is interrupted; pass the result to `unregister`.
  static func register(_ path: String) -> Int32 { interrupt_handler_register(path) }
  static func unregister(_ slot: Int32) { interrupt_handler_unregister(slot) }

  /// Where a line waits for its newline (a status line, a question), which an interrupt writes;
  /// the C handler's 0, 1 and 2.
  enum OpenLine: Int32 {
    case none, standardError, terminal
  }

  static func lineOpen(_ place: OpenLine) { interrupt_handler_set_line_open(place.rawValue) }

  /// Runs `change`, whose renames through ``rename(_:to:)`` on this thread commit it: once one has
  /// succeeded, an interrupt waits and the command finishes and reports it (exit 130 would say
  /// nothing changed, and a retry would do it twice); else it ends the process as `change` ends.
  static func committing<Value, Failure: Error>(_ change: () throws(Failure) -> Value) throws(Failure) -> Value {
    interrupt_handler_arm_commit()
    defer { interrupt_handler_disarm_commit() }
    return try change()
  }

  /// `rename(2)`, made again on `EINTR`: 0, or -1 with errno; a commit inside ``committing(_:)``.
  static func rename(_ source: String, to destination: String) -> Int32 {
    interrupt_handler_rename(source, destination)
  }
}
