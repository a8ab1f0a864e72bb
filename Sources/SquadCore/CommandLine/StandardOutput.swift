#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one checked write path for stdout: a closed pipe ends squad quietly with exit 0, any other
/// failed write makes the run exit 1 with an error naming standard output.
public enum StandardOutput {
  private static let failure = Mutex<Int32>(0)

  /// Ignores SIGPIPE (a closed pipe becomes a write error), and fills a closed stdin, stdout or
  /// stderr with `/dev/null` read-only, so a file opened later never becomes stdout. Call once.
  public static func install() {
    signal(SIGPIPE, SIG_IGN)
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      // open returns the lowest free descriptor, which is this one: the lower ones are open.
      _ = open("/dev/null", O_RDONLY)
      if descriptor == STDIN_FILENO { closedInput.withLock { $0 = true } }
    }
  }

  /// Whether stdin was closed when squad started (`squad import - <&-`): reading it is an error.
  static var standardInputWasClosed: Bool { closedInput.withLock { $0 } }
  private static let closedInput = Mutex(false)

  /// Writes all of `text` to stdout (or holds it for the pager, ``HeldOutput``); after a failed
  /// write, later writes are skipped.
  public static func write(_ text: String) {
    guard !HeldOutput.takeOutput(text), failure.withLock({ $0 }) == 0 else { return }
    var text = text
    let written = text.withUTF8 { FileDescriptorWriting.writeAll(UnsafeRawBufferPointer($0), to: 1) }
    guard !written else { return }
    let error = errno
    // _exit, not exit: network threads may still be running, and no exit handler has anything
    // to finish (stdout is written directly, files are saved before output is printed).
    if error == EPIPE { _exit(ExitCode.success.rawValue) }
    failure.withLock { $0 = error }
  }

  /// The exit code a run ends with: `code`, or 1 after reporting on stderr when stdout could not
  /// be written or the pager failed.
  public static func finish(_ code: Int32) -> Int32 {
    if let held = HeldOutput.release() {
      switch held.pager.show(held.text) {
      case .shown: break
      case .notPaged: write(held.text)
      case .failed: return code == ExitCode.success.rawValue ? ExitCode.failure.rawValue : code
      }
    }
    let error = failure.withLock { $0 }
    guard error != 0 else { return code }
    let line =
      "Error: Could not write to standard output: \(String(cString: strerror(error))). The output is incomplete.\n"
    ProcessStreams.write(line, to: 2)
    return ExitCode.failure.rawValue
  }
}
