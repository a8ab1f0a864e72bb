import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive (or shared) `flock` on a lock file, held until released or deallocated.
public final class FileLock: Sendable {
  private let descriptor: Int32

  /// Blocks until the lock on `path` is held, creating the file if needed.
  public init(path: String, shared: Bool = false) throws(PersistenceError) {
    try AtomicFile.createDirectory(AtomicFile.folderAndName(of: path).folder)
    let descriptor = SystemCall.openFile(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .unwritable(path) }
    guard SystemCall.retrying({ flock(descriptor, shared ? LOCK_SH : LOCK_EX) }) == 0 else {
      let failure = PersistenceError.unwritable(path, "cannot lock")
      close(descriptor)
      throw failure
    }
    self.descriptor = descriptor
  }

  /// Whether another holder has the lock on `path` now (an exclusive one, or any when not
  /// `shared`): a look without waiting, which never creates the file. For saying why a change
  /// waits; the wait itself is ``init(path:shared:)``'s.
  public static func isHeldElsewhere(_ path: String, shared: Bool = false) -> Bool {
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
