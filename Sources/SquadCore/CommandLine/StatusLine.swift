/// The one-line status of an intermediate state ("Loading squad…") on a terminal's stderr,
/// rewritten in place and cleared before the result is printed.
@MainActor final class StatusLine {
  private let console: Console
  private var shown: String?

  init(console: Console) { self.console = console }

  /// Clears the line for nil.
  func show(_ text: String?) {
    guard text != shown else { return }
    shown = text
    // One column short of the terminal, however narrow: a longer line would wrap, and the clear
    // below only reaches the last row of it.
    let width = max(0, console.terminal.width - 1)
    // Open before the text is written and closed after it is cleared, so Ctrl-C at any moment
    // finds the flag saying whether the line needs ending.
    if text != nil { InterruptCleanup.lineOpen(.standardError) }
    console.errRaw("\r\u{1B}[2K" + (text.map { DisplayWidth.truncate(TextSanitizer.clean($0), to: width) } ?? ""))
    if text == nil { InterruptCleanup.lineOpen(.none) }
  }
}
