import InterruptHandler

/// Removes the temporary files being written when the user presses Ctrl-C, then exits 130 (SIGTERM: 143);
/// but once a change is committed (``committing(_:)``), the command finishes instead.
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

  static func lineOpen(_ place: OpenLine) { interrupt_handler_set_line_open(place.rawValue) }

  static func unregister(_ slot: Int32) { interrupt_handler_unregister(slot) }

  /// Runs `change`, whose renames through ``rename(_:to:)`` on this thread commit it. From such a
  /// rename on an interrupt waits: once one has succeeded, the change is made and the command
  /// finishes and reports it (exit 130 would say nothing changed, and a retry would do it twice);
  /// when none did, the interrupt ends the process as `change` returns or throws.
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
