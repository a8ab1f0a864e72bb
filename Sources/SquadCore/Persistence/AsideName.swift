import Foundation

/// Keeps a file under `<name>.<suffix>-<unix time>` (then `-2`, `-3`, …), claimed atomically
/// (hard link or exclusive create), so a file set aside never replaces another.
enum AsideName {
  /// Gives `path` a second name beside it by a hard link, or moves it there (`linked` false).
  static func keep(_ path: String, suffix: String, now: Date = Date()) throws(PersistenceError) -> (
    path: String, linked: Bool
  ) {
    let base = path + ".\(suffix)-\(Int(now.timeIntervalSince1970))"
    for attempt in 1...10_000 {
      let aside = attempt == 1 ? base : base + "-\(attempt)"
      if link(path, aside) == 0 { return (aside, true) }
      if errno == EEXIST { continue }
      // No hard links here (some file systems): claim the name, then rename over the claim.
      let claim = SystemCall.openFile(aside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if claim < 0 {
        if errno == EEXIST { continue }
        break
      }
      close(claim)
      if rename(path, aside) == 0 { return (aside, false) }
      unlink(aside)
      break
    }
    throw .unwritable(path, "could not move it aside")
  }
}
