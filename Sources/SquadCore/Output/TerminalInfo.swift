#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process is connected to: terminals or pipes, and how wide the terminal is.
public struct TerminalInfo: Equatable, Sendable {
  /// Whether stdout is a terminal.
  public var stdoutIsTTY: Bool
  /// Whether stderr is a terminal.
  public var stderrIsTTY: Bool
  /// Whether stdin is a terminal.
  public var stdinIsTTY: Bool
  /// The terminal's width in columns.
  public var width: Int
  var height: Int

  /// Creates terminal facts.
  public init(stdoutIsTTY: Bool, stderrIsTTY: Bool, stdinIsTTY: Bool, width: Int = 80, height: Int = 24) {
    self.stdoutIsTTY = stdoutIsTTY
    self.stderrIsTTY = stderrIsTTY
    self.stdinIsTTY = stdinIsTTY
    self.width = width
    self.height = height
  }

  /// The width help wraps to: the terminal's, or 80 in a pipe (as man pages and git do).
  var helpWidth: Int { stdoutIsTTY ? width : 80 }

  /// Reads the facts of this process; `COLUMNS` and `LINES` override the measured size.
  public static func current(environment: [String: String]) -> TerminalInfo {
    var size = winsize()
    let measured = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0
    func chosen(_ variable: String, _ measured: UInt16, _ fallback: Int) -> Int {
      environment[variable].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? (measured > 0 ? Int(measured) : fallback)
    }
    return TerminalInfo(
      stdoutIsTTY: isatty(STDOUT_FILENO) == 1, stderrIsTTY: isatty(STDERR_FILENO) == 1,
      stdinIsTTY: isatty(STDIN_FILENO) == 1, width: chosen("COLUMNS", measured ? size.ws_col : 0, 80),
      height: chosen("LINES", measured ? size.ws_row : 0, 24))
  }
}
