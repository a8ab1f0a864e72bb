import Foundation

/// Runs `squad` with a real pseudo-terminal on stdin and stdout (and stderr when asked), using
/// Python's `pty` module, so terminal-only behaviour (colour, tables, prompts) can be tested.
enum PseudoTerminal {
  /// Whether the machine can run these tests.
  static var isAvailable: Bool { CLIProcess.which("python3") != nil }

  private static let helper = #"""
    import fcntl, os, pty, struct, subprocess, sys, termios
    merge, answer, ctrl_c_after, key, cmd = sys.argv[1] == "1", sys.argv[2], sys.argv[3].encode(), sys.argv[4].encode(), sys.argv[5:]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    def own_terminal():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    child = subprocess.Popen(
        cmd, stdin=slave, stdout=slave, stderr=slave if merge else subprocess.PIPE, preexec_fn=own_terminal)
    os.close(slave)
    if answer:
        os.write(master, answer.encode())
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
        if ctrl_c_after and ctrl_c_after in b"".join(chunks):
            ctrl_c_after = b""
            os.write(master, key)
    errors = b"" if merge else child.stderr.read()
    code = child.wait()
    sys.stdout.buffer.write(b"".join(chunks))
    sys.stderr.buffer.write(errors)
    sys.exit(code if code >= 0 else 128 - code)
    """#

  /// Runs `squad --home <home> <arguments>` on a terminal 100 columns wide that is its
  /// controlling terminal. stderr stays a pipe unless `mergeStderr`; `answer` is typed up front;
  /// `key` (Ctrl-C unless told) is typed as soon as the terminal has shown `ctrlCAfter`.
  static func run(
    _ arguments: [String], home: String, environment extra: [String: String] = [:], mergeStderr: Bool = false,
    answer: String = "", ctrlCAfter: String = "", key: String = "\u{03}"
  ) throws -> CLIResult {
    guard let python = CLIProcess.which("python3") else { throw Unavailable() }
    return try CLIProcess.execute(
      python,
      ["-c", helper, mergeStderr ? "1" : "0", answer, ctrlCAfter, key, CLIProcess.binary.path, "--home", home]
        + arguments,
      environment: CLIProcess.environment(home: home, adding: extra), directory: home)
  }

  /// Python 3 is missing.
  struct Unavailable: Error {}
}
