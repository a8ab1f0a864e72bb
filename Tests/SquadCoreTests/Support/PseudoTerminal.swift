import Foundation

/// Runs `squad` with a real pseudo-terminal on stdin and stdout (and stderr when asked), using
/// Python's `pty` module, so terminal-only behaviour (colour, tables, prompts) can be tested.
enum PseudoTerminal {
  /// Whether the machine can run these tests.
  static var isAvailable: Bool { CLIProcess.which("python3") != nil }

  private static let helper = #"""
    import fcntl, json, os, pty, select, struct, subprocess, sys, termios
    merge, answer, ctrl_c_after, key = sys.argv[1] == "1", sys.argv[2], sys.argv[3].encode(), sys.argv[4].encode()
    meanwhile, cmd = json.loads(sys.argv[5]), sys.argv[6:]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    def own_terminal():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    child = subprocess.Popen(
        cmd, stdin=slave, stdout=slave, stderr=slave if merge else subprocess.PIPE, preexec_fn=own_terminal)
    # The slave stays open here: closed, Linux may answer EIO before the last output is read.
    if answer:
        os.write(master, answer.encode())
    output = bytearray()
    def pump(timeout):
        if not select.select([master], [], [], timeout)[0]: return False
        data = os.read(master, 65536)
        output.extend(data)
        return bool(data)
    while True:
        got = pump(0.05)
        if ctrl_c_after and ctrl_c_after in output:
            ctrl_c_after = b""
            for arguments in meanwhile:
                subprocess.run(cmd[:3] + arguments, stdin=subprocess.DEVNULL, capture_output=True, check=True)
            os.write(master, key)
        if not got and child.poll() is not None:
            while pump(0.2): pass
            break
    errors = b"" if merge else child.stderr.read()
    code = child.wait()
    sys.stdout.buffer.write(bytes(output))
    sys.stderr.buffer.write(errors)
    sys.exit(code if code >= 0 else 128 - code)
    """#

  /// Runs `squad --home <home> <arguments>` on a terminal 100 columns wide that is its
  /// controlling terminal. stderr stays a pipe unless `mergeStderr`; `answer` is typed up front;
  /// `key` (Ctrl-C unless told) is typed as soon as the terminal has shown `ctrlCAfter`, once
  /// each of `meanwhile` (arguments of other `squad` runs on the home, in a pipe) has exited 0.
  static func run(
    _ arguments: [String], home: String, environment extra: [String: String] = [:], mergeStderr: Bool = false,
    answer: String = "", ctrlCAfter: String = "", key: String = "\u{03}", meanwhile: [[String]] = []
  ) throws -> CLIResult {
    guard let python = CLIProcess.which("python3") else { throw Unavailable() }
    let others = String(decoding: try JSONSerialization.data(withJSONObject: meanwhile), as: UTF8.self)
    return try CLIProcess.execute(
      python,
      ["-c", helper, mergeStderr ? "1" : "0", answer, ctrlCAfter, key, others, CLIProcess.binary.path, "--home", home]
        + arguments,
      environment: CLIProcess.environment(home: home, adding: extra), directory: home)
  }

  /// Python 3 is missing.
  struct Unavailable: Error {}
}
