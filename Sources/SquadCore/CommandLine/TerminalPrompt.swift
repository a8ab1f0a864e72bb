#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a question goes: stderr when it is a terminal, else `/dev/tty`, as git does, so
/// `squad fire thor 2>log` still asks the person at the keyboard.
enum TerminalPrompt {
  static func write(_ text: String) {
    InterruptCleanup.lineOpen(isatty(STDERR_FILENO) == 1 ? .standardError : .terminal)
    send(text)
  }

  /// Reads one answer from stdin without its line end; nil at end of input. An answer not ended
  /// by Enter (Ctrl-D) gets its newline here, so what follows is not glued to `[y/N]`.
  static func readAnswer() -> String? {
    let line = Swift.readLine(strippingNewline: false)
    let ended = line?.utf8.last == UInt8(ascii: "\n")
    if !ended { send("\n") }
    InterruptCleanup.lineOpen(.none)
    return line.map { ended ? String(decoding: $0.utf8.dropLast(), as: UTF8.self) : $0 }
  }

  private static func send(_ text: String) {
    guard isatty(STDERR_FILENO) != 1 else { return ProcessStreams.write(text, to: STDERR_FILENO) }
    let terminal = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard terminal >= 0 else { return ProcessStreams.write(text, to: STDERR_FILENO) }
    defer { close(terminal) }
    ProcessStreams.write(text, to: terminal)
  }
}
