/// Where a run writes and reads: stdout for data, stderr for everything else, stdin for answers.
public final class Console: Sendable {
  /// What the process is connected to.
  public let terminal: TerminalInfo
  /// Writes data to stdout.
  public let out: @Sendable (String) -> Void
  /// Reads one line from stdin; nil at end of input.
  public let readLine: @Sendable () -> String?
  private let writeErr: @Sendable (String) -> Void
  private let writePrompt: (@Sendable (String) -> Void)?
  private let holdForPager: (@Sendable (Pager) -> Void)?

  /// A console over explicit writers (tests capture output this way); prompts go to `prompt`,
  /// or to `err` when nil.
  public init(
    terminal: TerminalInfo, out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String? = { nil }, prompt: (@Sendable (String) -> Void)? = nil,
    pager: (@Sendable (Pager) -> Void)? = nil
  ) {
    self.terminal = terminal
    self.out = out
    writeErr = err
    self.readLine = readLine
    writePrompt = prompt
    holdForPager = pager
  }

  /// The process's real stdout, stderr and stdin.
  public static func standard(environment: [String: String]) -> Console {
    Console(
      terminal: .current(environment: environment),
      out: { StandardOutput.write($0) },
      err: { if !HeldOutput.takeError($0) { ProcessStreams.write($0, to: 2) } },
      readLine: { TerminalPrompt.readAnswer() },
      prompt: { TerminalPrompt.write($0) }, pager: { HeldOutput.start($0) })
  }

  /// Writes a line to stderr, any configured key hidden (``SecretText``).
  public func err(_ line: String) { writeErr(SecretText.redact(line) + "\n") }
  /// Writes to stderr without a line end (prompts, status lines), any configured key hidden.
  func errRaw(_ text: String) { writeErr(SecretText.redact(text)) }
  /// Writes a question without a line end where the person answering sees it.
  func prompt(_ text: String) { (writePrompt ?? writeErr)(SecretText.redact(text)) }
  /// Sends this run's stdout through `pager` when it turns out taller than the terminal.
  func page(through pager: Pager) { holdForPager?(pager) }
}
