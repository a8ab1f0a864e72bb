#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Notices other processes' changes: a `stat` per key (and quiet second), reading the file again
/// when its inode, size or time moved (saves rename, so each changes the inode).
final class SquadFileWatch: Sendable {
  private let squadFile: SquadFile
  private let seen = Mutex<Stamp?>(nil)

  private struct Stamp: Equatable {
    var device, inode: UInt64
    var size: Int64
    var seconds, nanoseconds: Int
  }

  init(squadFile: SquadFile) { self.squadFile = squadFile }

  func read() throws(PersistenceError) -> PickSquad {
    seen.withLock { $0 = Self.stamp(squadFile.path) }
    return PickSquad(squad: try squadFile.load(), identity: try squadFile.identity)
  }

  func changed() -> Result<PickSquad, PersistenceError>? {
    let stamp = Self.stamp(squadFile.path)
    guard seen.withLock({ $0 }) != stamp else { return nil }
    return Result { () throws(PersistenceError) in try read() }
  }

  // Nil when there is no file (a named squad deleted, or never saved).
  private static func stamp(_ path: String) -> Stamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    let modified = SystemCall.modified(status)
    return Stamp(
      device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
      seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
  }
}
