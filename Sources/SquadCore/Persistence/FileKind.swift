import Foundation

/// What a path names, for messages that say why squad will not read or replace it.
enum FileKind {
  /// `a FIFO (named pipe)`, `a character device`, … for a `st_mode`; nil for a regular file.
  static func describeIrregular(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "not a regular file"
    }
  }

  /// What is at `path` (`lstat` unless `following`); nil when nothing is there, other failures thrown.
  static func status(_ path: String, following: Bool = false) throws(PersistenceError) -> stat? {
    var status = stat()
    if (following ? stat(path, &status) : lstat(path, &status)) == 0 { return status }
    guard [ENOENT, ENOTDIR, ELOOP].contains(errno) else { throw .unreadable(path) }
    return nil
  }

  /// Whether anything is at `path`, a symbolic link counted as itself: whether the name is taken.
  static func isPresent(_ path: String) throws(PersistenceError) -> Bool { try status(path) != nil }

  static func isPresentAndNotAFolder(_ path: String) -> Bool {
    guard let status = try? status(path, following: true) else { return false }
    return status.st_mode & S_IFMT != S_IFDIR
  }

  static func identity(_ path: String) throws(PersistenceError) -> [UInt64]? {
    try status(path).map(identity(of:))
  }

  /// A file's device and inode, widened without trapping (Darwin's `dev_t` is `Int32`).
  static func identity(of status: stat) -> [UInt64] {
    [UInt64(truncatingIfNeeded: status.st_dev), UInt64(status.st_ino)]
  }
}
