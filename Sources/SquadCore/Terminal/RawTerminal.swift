import InterruptHandler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Raw mode, the alternate screen and a hidden cursor, given back once by ``restore()`` or by the
/// signal handlers (`Sources/InterruptHandler`) sharing its "taken" flag.
final class RawTerminal: Sendable {
  /// Readable (drain it) after each SIGWINCH; -1 when no resize pipe could be made.
  let resizeDescriptor: Int32
  private init(resizeDescriptor: Int32) { self.resizeDescriptor = resizeDescriptor }
  static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

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

  /// False in the background; in front again, the terminal is taken back if it was given back, so
  /// `fg` is noticed with no SIGCONT. Always true on a terminal that is not the controlling one.
  static func holdInFront() -> Bool { interrupt_handler_hold_terminal() != 0 }
  /// The same, taking nothing.
  static var isHeldInFront: Bool { interrupt_handler_terminal_held() != 0 }
  /// Then stops the process if a stop was deferred (``FullScreenTerminal/stopReadingKeys()``).
  func restore() { interrupt_handler_give_back_terminal() }

  static func size() -> TerminalSize? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }
}
