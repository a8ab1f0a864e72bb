#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a question goes: stderr when it is a terminal, else the terminal itself (`/dev/tty`),
/// as git does, so `squad fire thor 2>log` still asks the person at the keyboard.
enum TerminalPrompt {
  /// Writes the question to the terminal; to stderr when there is no terminal to open.
  static func write(_ text: String) {
    guard isatty(STDERR_FILENO) != 1 else { return ProcessStreams.write(text, to: STDERR_FILENO) }
    let terminal = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard terminal >= 0 else { return ProcessStreams.write(text, to: STDERR_FILENO) }
    defer { close(terminal) }
    ProcessStreams.write(text, to: terminal)
  }
}
