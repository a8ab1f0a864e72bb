import Foundation

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

  /// Creates terminal facts.
  public init(stdoutIsTTY: Bool, stderrIsTTY: Bool, stdinIsTTY: Bool, width: Int = 80) {
    self.stdoutIsTTY = stdoutIsTTY
    self.stderrIsTTY = stderrIsTTY
    self.stdinIsTTY = stdinIsTTY
    self.width = width
  }

  /// Whether a question can be asked: stdin is a terminal to type the answer on. The question
  /// goes to stderr, or to the terminal itself when stderr is redirected (see `TerminalPrompt`).
  public var canAsk: Bool { stdinIsTTY }

  /// Reads the facts of this process; `COLUMNS` overrides the measured width.
  public static func current(environment: [String: String]) -> TerminalInfo {
    var size = winsize()
    let measured = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    return TerminalInfo(
      stdoutIsTTY: isatty(STDOUT_FILENO) == 1, stderrIsTTY: isatty(STDERR_FILENO) == 1,
      stdinIsTTY: isatty(STDIN_FILENO) == 1, width: columns ?? measured ?? 80)
  }
}
