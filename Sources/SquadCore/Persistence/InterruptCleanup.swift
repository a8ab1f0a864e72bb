import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes temporary files that are being written when the user presses Ctrl-C, then exits 130.
///
/// Atomic writes already guarantee that no target file is ever half-written; this keeps the
/// folder free of their leftovers too.
public enum InterruptCleanup {
  private static let registry = Registry()

  /// Installs the SIGINT and SIGTERM handlers; call once at start-up.
  public static func install() {
    // A parent may hand us these signals blocked (some test runners and daemons do); Ctrl-C must
    // still work, so unblock them before installing the handlers.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { received in
        InterruptCleanup.removeRegisteredFiles()
        // Only async-signal-safe calls from here on.
        _exit(received == SIGINT ? 130 : 128 + received)
      }
    }
  }

  static func register(_ path: String) { registry.add(path) }
  static func unregister(_ path: String) { registry.remove(path) }

  private static func removeRegisteredFiles() {
    for path in registry.snapshot() { unlink(path) }
  }

  private final class Registry: @unchecked Sendable {
    // Guarded by `lock`; the handler reads a snapshot.
    private var paths = Set<String>()
    private let lock = NSLock()

    func add(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    /// Never waits: a handler that interrupted a holder of the lock would wait forever.
    func snapshot() -> [String] {
      guard lock.try() else { return [] }
      defer { lock.unlock() }
      return Array(paths)
    }
  }
}
