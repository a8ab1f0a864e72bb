import InterruptHandler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal taken over for a full-screen command: raw mode (keys arrive one at a time,
/// unechoed, Ctrl-C as a key), the alternate screen and a hidden cursor.
///
/// Everything is given back by ``restore()`` on a normal way out, and by the C signal handlers
/// (`Sources/InterruptHandler`) on every other: Ctrl-C or SIGTERM from outside, SIGHUP when the
/// terminal closes, a crash. The handler and this type share one "taken" flag, so the terminal
/// is restored exactly once. Job control too: a stop (Ctrl-Z, SIGTSTP, SIGTTIN, SIGTTOU) gives the
/// terminal back before the process stops, and SIGCONT takes it again and asks for a full redraw;
/// `fg` of a job already running (no SIGCONT) is noticed by ``holdInFront()``.
final class RawTerminal: Sendable {
  /// Readable (drain it) after each SIGWINCH; -1 when no resize pipe could be made.
  let resizeDescriptor: Int32

  private init(resizeDescriptor: Int32) { self.resizeDescriptor = resizeDescriptor }

  /// Whether the process's own stdin and stdout are terminals.
  static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Takes the terminal on stdin/stdout; nil when stdin's settings cannot be read or changed.
  static func take() -> RawTerminal? {
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    var raw = saved
    cfmakeraw(&raw)
    // Keep output processing as it was; the screen is drawn with explicit cursor moves anyway.
    raw.c_oflag = saved.c_oflag
    withUnsafeMutablePointer(to: &raw.c_cc) { pointer in
      pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
    }
    // The handler knows the saved settings before they change, so no window leaves them lost.
    let resize = interrupt_handler_take_terminal(STDOUT_FILENO, &saved, &raw)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      interrupt_handler_give_back_terminal()
      return nil
    }
    ProcessStreams.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J", to: STDOUT_FILENO)
    return RawTerminal(resizeDescriptor: resize)
  }

  /// Whether squad may read keys and draw now: false while it is not the terminal's foreground
  /// job (after `bg`, the screen and the keys are the shell's). In front again, it first takes the
  /// terminal back if it had been given back or left to the shell (raw mode with keys typed while
  /// cooked dropped, alternate screen, hidden cursor, a full redraw asked for), so `fg` is noticed
  /// even with no SIGCONT (a job `bg` already continued gets none). Always true on a terminal
  /// that is not the controlling one, where no job control can take the screen away.
  static func holdInFront() -> Bool { interrupt_handler_hold_terminal() != 0 }

  /// Whether squad's settings and screen are on the terminal and it is in front, taking nothing.
  static var isHeldInFront: Bool { interrupt_handler_terminal_held() != 0 }

  /// Gives the terminal back: colours reset, cursor shown, main screen, settings from before; then
  /// stops the process if a stop was deferred meanwhile (``FullScreenTerminal/stopReadingKeys()``).
  func restore() { interrupt_handler_give_back_terminal() }

  static func size() -> TerminalSize? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }
}
