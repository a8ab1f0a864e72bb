import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moves a file aside to `<name>.<suffix>-<unix time>` (then `-2`, `-3`, …), claimed atomically
/// (hard link or exclusive create), so a file moved aside never replaces another.
enum AsideName {
  /// Moves `path` aside; returns the new path.
  static func move(_ path: String, suffix: String, now: Date = Date()) throws(PersistenceError) -> String {
    let base = path + ".\(suffix)-\(Int(now.timeIntervalSince1970))"
    for attempt in 1...10_000 {
      let aside = attempt == 1 ? base : base + "-\(attempt)"
      if link(path, aside) == 0 {
        unlink(path)
        return aside
      }
      if errno == EEXIST { continue }
      // No hard links here (some file systems): claim the name, then rename over the claim.
      let claim = SystemCall.openFile(aside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if claim < 0 {
        if errno == EEXIST { continue }
        break
      }
      close(claim)
      if rename(path, aside) == 0 { return aside }
      unlink(aside)
      break
    }
    throw .unwritable(path, "could not move it aside")
  }
}
