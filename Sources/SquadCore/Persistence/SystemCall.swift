import Foundation

/// The one way squad calls the system on its files: a call interrupted (`EINTR`) is made again.
enum SystemCall {
  /// `call`'s result, made again while it fails with `EINTR`; errno is the failure's otherwise.
  /// (Not for `close`, which has already closed the descriptor when it says `EINTR`.)
  static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    retrying { open(path, flags, mode) }
  }

  static func modified(_ status: stat) -> timespec {
    #if os(Linux)
      status.st_mtim
    #else
      status.st_mtimespec
    #endif
  }

  static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    retrying { read(descriptor, buffer, count) }
  }

  /// Flushes what was written through `descriptor` to the disk; false, with errno, when it failed.
  static func flush(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
      // Darwin's fsync(2) leaves the data in the drive's cache; F_FULLFSYNC makes the drive write
      // it (as SQLite asks), and a file system that refuses it gets the plain fsync.
      if retrying({ fcntl(descriptor, F_FULLFSYNC) }) != -1 { return true }
    #endif
    return retrying { fsync(descriptor) } == 0
  }

  /// Flushes each folder so a change in it survives a power cut; `EINVAL` (cannot flush folders) passes.
  static func flushFolder(_ paths: String...) throws(PersistenceError) {
    for path in paths {
      let descriptor = openFile(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      let flushed = descriptor >= 0 && flush(descriptor)
      let reason = errno
      if descriptor >= 0 { close(descriptor) }
      guard !flushed && reason != EINVAL else { continue }
      let detail = "flushing the folder to the disk: " + String(cString: strerror(reason))
      throw PersistenceError(path: path, reason: .partlyWritten(detail: detail))
    }
  }

  /// The names in the folder at `path` (without `.` and `..`); nil when there is none.
  // Not Foundation's listing, which takes a `readdir` failing part-way for the folder's end.
  static func folderNames(_ path: String) throws(PersistenceError) -> [String]? {
    guard let stream = opendir(path) else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw .unreadable(path)
    }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else {
        guard errno == 0 else { throw .unreadable(path) }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
  }
}
