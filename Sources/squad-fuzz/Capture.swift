import Foundation
import SquadCore

/// Collects what one run prints, so the fuzzer can look for secrets in it and keep the real
/// stdout for its own report.
final class Capture: @unchecked Sendable {
  // Guarded by `lock`; the console may write from any task.
  private var text = ""
  private let lock = NSLock()

  /// A console writing here, connected to terminals or pipes as `terminal` says.
  func console(terminal: TerminalInfo, answers: [String?]) -> Console {
    let remaining = Answers(answers)
    return Console(
      terminal: terminal, out: { [self] in append($0) }, err: { [self] in append($0) }, readLine: { remaining.next() })
  }

  /// Everything printed, stdout and stderr together.
  var output: String { lock.withLock { text } }

  private func append(_ chunk: String) {
    // Only the tail matters for the secret check; a run may print megabytes.
    lock.withLock {
      text += chunk
      if text.utf8.count > 1 << 20 { text = String(text.suffix(1 << 16)) }
    }
  }

  /// Prompt answers, handed out in order; nil (end of input) when they run out.
  private final class Answers: @unchecked Sendable {
    private var items: [String?]
    private let lock = NSLock()
    init(_ items: [String?]) { self.items = items }
    func next() -> String? { lock.withLock { items.isEmpty ? nil : items.removeFirst() } }
  }
}
