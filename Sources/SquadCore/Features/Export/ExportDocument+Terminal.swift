extension ExportDocument {
  /// The text as stdout gets it: exact into a pipe or file, so CSV imports back exactly; on a
  /// terminal, with control characters and bidi overrides removed so a hostile name cannot
  /// rewrite the screen (line ends and tabs stay).
  public func text(for terminal: TerminalInfo) -> String {
    TextSanitizer.forStdout(text, isTerminal: terminal.stdoutIsTTY)
  }
}
