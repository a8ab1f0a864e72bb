import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive (or shared) `flock` on a lock file, held until released or deallocated.
final class FileLock: Sendable {
  private let descriptor: Int32

  /// How long a run waits for a lock held elsewhere, and what it says once when a wait begins.
  struct Waiting: Sendable {
    /// Seconds to wait before giving up (`SQUAD_LOCK_TIMEOUT`); 0 gives up at once; nil when
    /// the variable holds something else, which only a command that takes a lock refuses.
    var seconds: Int?
    /// Called with the notice each time a wait begins, naming its lock; nil says nothing (`--quiet`).
    var notice: (@Sendable (String) -> Void)?
    /// When this run first waited: every later wait counts from it.
    var started: ContinuousClock.Instant?

    /// The seconds `SQUAD_LOCK_TIMEOUT` gives (a whole number, at most a year), the default
    /// when unset or empty; nil when it is anything else.
    static func seconds(from variable: String?) -> Int? {
      guard let variable, !variable.isEmpty else { return defaultWaitSeconds }
      guard variable.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let seconds = Int(variable), seconds <= 366 * 86_400
      else { return nil }
      return seconds
    }
  }

  /// The wait every lock of this run takes (`SquadCLI.run` sets it).
  static let waiting = Mutex(Waiting(seconds: defaultWaitSeconds, notice: nil))
  static let defaultWaitSeconds = 60

  /// Waits until the lock on `path` is held, creating the file if needed; past
  /// ``waiting``'s time limit, throws naming the process that holds it.
  init(path: String, shared: Bool = false) throws(PersistenceError) {
    try AtomicFile.createDirectory(AtomicFile.folderAndName(of: path).folder)
    let descriptor = SystemCall.openFile(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .unwritable(path) }
    do throws(PersistenceError) {
      try FileLock.wait(for: descriptor, path, shared ? LOCK_SH : LOCK_EX)
    } catch {
      close(descriptor)
      throw error
    }
    self.descriptor = descriptor
  }

  // flock has no time limit, so a lock held elsewhere is tried again, less often as time goes on.
  // The limit is one budget for the run: a later lock waits only for what earlier waits left.
  private static func wait(for descriptor: Int32, _ path: String, _ operation: Int32) throws(PersistenceError) {
    guard let limit = waiting.withLock({ $0.seconds }) else {
      throw PersistenceError(path: path, reason: .badLockTimeout)
    }
    var pause: useconds_t = 1_000
    while SystemCall.retrying({ flock(descriptor, operation | LOCK_NB) }) != 0 {
      guard errno == EWOULDBLOCK else { throw .unwritable(path, "cannot lock") }
      let (start, notice) = waiting.withLock { settings in
        let start = settings.started ?? ContinuousClock.now
        settings.started = start
        return (start, settings.notice)
      }
      let left = Duration.seconds(limit) - (ContinuousClock.now - start)
      guard left > .zero else {
        throw PersistenceError(path: path, reason: .lockHeld(seconds: limit, holder: holder(of: descriptor)))
      }
      if pause == 1_000 {
        let seconds = Int((Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18).rounded(.up))
        notice?(
          "Waiting for another squad command to finish: \(TextSanitizer.clean(path)) is held (squad gives up after "
            + "\(Plural.count(seconds, "second", "seconds")))…")
      }
      usleep(pause)
      pause = min(pause * 2, 50_000)
    }
  }

  /// Who holds the lock on `descriptor`'s file, as Linux's /proc/locks says: `process 42 (squad)`.
  static func holder(of descriptor: Int32) -> String? {
    #if os(Linux)
      var status = stat()
      guard fstat(descriptor, &status) == 0,
        let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
      else { return nil }
      let device = UInt64(status.st_dev)
      let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
      let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
      let file = String(format: "%02llx:%02llx:", major, minor) + "\(status.st_ino)"
      // "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF"; a waiter's line has "->" after the number.
      for line in locks.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count > 5, fields[1] == "FLOCK", fields[5] == file, let pid = Int32(fields[4]), pid > 0 else {
          continue
        }
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingWhitespace()
        return "process \(pid)" + (name.map { " (\(TextSanitizer.clean($0)))" } ?? "")
      }
      return nil
    #else
      return nil  // Darwin tells no lock's holder.
    #endif
  }

  /// Whether another holder has the lock on `path` now (an exclusive one, or any when not `shared`),
  /// to say why a change waits: a look without waiting, which never creates the file.
  static func isHeldElsewhere(_ path: String, shared: Bool = false) -> Bool {
    let descriptor = SystemCall.openFile(path, O_RDWR | O_CLOEXEC, 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard SystemCall.retrying({ flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) }) == 0 else {
      return errno == EWOULDBLOCK
    }
    // Let go now, not by the close alone: a close that fails would leave this look holding the
    // lock the command then waits for, itself.
    flock(descriptor, LOCK_UN)
    return false
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
