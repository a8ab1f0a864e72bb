import Foundation

/// The one way squad reads its inputs: never more than a limit, never blocking on a non-file.
enum BoundedInput {
  /// The bytes of the regular file at `path`; nil when nothing is there, anything else refused.
  static func regularFile(_ path: String, limit: Int, ownFile: Bool = false) throws(PersistenceError)
    -> [UInt8]?
  {
    guard let file = try openRegularFile(path, limit: limit, ownFile: ownFile) else { return nil }
    defer { close(file.descriptor) }
    return try read(file.descriptor, label: path, limit: limit, expected: file.size)
  }

  /// Opens the regular file at `path` without blocking, refusing any other kind and any file
  /// over `limit`; nil when nothing is there. `ownFile`: no link followed, one hard link only.
  static func openRegularFile(_ path: String, limit: Int, ownFile: Bool = false) throws(PersistenceError) -> (
    descriptor: Int32, size: Int
  )? {
    let descriptor = SystemCall.openFile(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (ownFile ? O_NOFOLLOW : 0))
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ELOOP && ownFile && isLink(path) {
        throw PersistenceError(path: path, reason: .notOwnFile(kind: "a symbolic link"))
      }
      if reason == ENOENT {
        if isDanglingLink(path) { throw PersistenceError(path: path, reason: .danglingLink) }
        return nil
      }
      // A socket cannot be opened at all (ENXIO); say what is there rather than the system's riddle.
      var status = stat()
      if stat(path, &status) == 0, let kind = FileKind.describeIrregular(status.st_mode) {
        throw PersistenceError(path: path, reason: .notAFile(kind: kind))
      }
      errno = reason
      throw .unreadable(path)
    }
    var status = stat()
    let refusal: PersistenceError.Reason?
    if fstat(descriptor, &status) != 0 {
      refusal = .unreadable(detail: String(cString: strerror(errno)))
    } else if let kind = FileKind.describeIrregular(status.st_mode) {
      refusal = .notAFile(kind: kind)
    } else if ownFile && status.st_nlink > 1 {
      refusal = .notOwnFile(kind: "a file with \(status.st_nlink) names (hard links)")
    } else {
      refusal = Int(status.st_size) > limit ? .tooLarge(limit: limit) : nil
    }
    if let refusal {
      close(descriptor)
      throw PersistenceError(path: path, reason: refusal)
    }
    // Stays non-blocking: a procfs file whose read would wait gives EAGAIN, refused, not hung on.
    return (descriptor, Int(status.st_size))
  }

  /// The bytes of whatever `path` names that can be read: a file, a FIFO, a device, `/dev/fd/N`
  /// from process substitution. nil when nothing is there; a folder is refused.
  static func anyFile(_ path: String, limit: Int) throws(PersistenceError) -> [UInt8]? {
    // Blocking open: a FIFO named on the command line waits for its writer, as with cat.
    let descriptor = SystemCall.openFile(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      if errno == EISDIR { throw PersistenceError(path: path, reason: .notAFile(kind: "a folder")) }
      throw .unreadable(path)
    }
    defer { close(descriptor) }
    return try stream(descriptor, label: path, limit: limit)
  }

  /// Standard input, at most ``InputLimit/importFile`` bytes, for `import -` and `recruit -`; closed, it is no
  /// empty input but a failure to read it (exit 1).
  static func standardInput() throws(PersistenceError) -> [UInt8] {
    if StandardOutput.standardInputWasClosed {
      throw PersistenceError(path: "<stdin>", reason: .unreadable(detail: "standard input is closed"))
    }
    return try stream(0, label: "<stdin>", limit: InputLimit.importFile)
  }

  static func stream(_ descriptor: Int32, label: String, limit: Int) throws(PersistenceError) -> [UInt8] {
    var status = stat()
    var expected = 64 * 1024
    if fstat(descriptor, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR { throw PersistenceError(path: label, reason: .notAFile(kind: "a folder")) }
      if status.st_mode & S_IFMT == S_IFREG {
        // A sparse or huge regular file is refused from its size alone, before reading.
        let remaining = Int(status.st_size) - Int(lseek(descriptor, 0, SEEK_CUR))
        guard remaining <= limit else { throw PersistenceError(path: label, reason: .tooLarge(limit: limit)) }
        expected = max(remaining, 0)
      }
    }
    return try read(descriptor, label: label, limit: limit, expected: expected)
  }

  /// Reads until the end or past `limit` bytes; a non-blocking descriptor with nothing to give is refused.
  static func read(_ descriptor: Int32, label: String, limit: Int, expected: Int) throws(PersistenceError) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(expected, limit) + 1)
    let chunkSize = 64 * 1024
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { SystemCall.readBytes(descriptor, $0.baseAddress, chunkSize) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK {
          throw PersistenceError(path: label, reason: .notAFile(kind: "a file that waits for data when read"))
        }
        throw .unreadable(label)
      }
      guard bytes.count + count <= limit else { throw PersistenceError(path: label, reason: .tooLarge(limit: limit)) }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  static func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  static func isDanglingLink(_ path: String) -> Bool {
    var status = stat()
    return isLink(path) && stat(path, &status) != 0 && errno == ENOENT
  }
}
