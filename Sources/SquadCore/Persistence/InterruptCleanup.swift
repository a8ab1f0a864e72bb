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
    // The cleanup runs on a dispatch thread, not inside a signal handler, so it may take locks and
    // allocate even when the signal lands while the main thread is in malloc or holds the lock.
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        InterruptCleanup.removeRegisteredFiles()
        _exit(signalNumber == SIGINT ? 130 : 128 + signalNumber)
      }
      source.resume()
      registry.keep(source)
    }
  }

  static func register(_ path: String) { registry.add(path) }
  static func unregister(_ path: String) { registry.remove(path) }

  private static func removeRegisteredFiles() {
    for path in registry.snapshot() { unlink(path) }
  }

  private final class Registry: @unchecked Sendable {
    // Both guarded by `lock`.
    private var paths = Set<String>()
    private var sources: [any DispatchSourceSignal] = []
    private let lock = NSLock()

    func add(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    func snapshot() -> [String] { lock.withLock { Array(paths) } }
    /// Signal sources stop when released, so the registry holds them for the process's life.
    func keep(_ source: any DispatchSourceSignal) { lock.withLock { sources.append(source) } }
  }
}
