import Foundation

/// Ends the process when one iteration runs too long, naming it, so a hang is a finding rather
/// than a stuck CI job. The parent sees exit code 124 and the `hang` line.
final class Watchdog: @unchecked Sendable {
  // Guarded by `lock`; the watchdog thread only reads.
  private var iteration = -1
  private var started = Date()
  private let lock = NSLock()
  private let limit: Double

  init(limit: Double) {
    self.limit = limit
    Thread.detachNewThread { [self] in
      while true {
        Thread.sleep(forTimeInterval: 0.25)
        let (current, since) = lock.withLock { (iteration, started) }
        if current >= 0, Date().timeIntervalSince(since) > limit {
          Report.line("hang \(current)")
          _exit(124)
        }
      }
    }
  }

  /// Marks the start of an iteration.
  func begin(_ index: Int) { lock.withLock { (iteration, started) = (index, Date()) } }

  /// Marks that nothing is running.
  func idle() { lock.withLock { iteration = -1 } }
}
