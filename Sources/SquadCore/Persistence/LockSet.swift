import Foundation

/// Exclusive locks on several lock files, held together until released or deallocated.
// Taken in (device, inode) order, so overlapping sets never deadlock and a file named twice is locked once.
final class LockSet: Sendable {
  private let locks: [FileLock]

  /// Blocks until every lock file in `paths` is held, creating the files (and folders) as needed.
  init(paths: [String]) throws(PersistenceError) {
    var files: [(identity: [UInt64], path: String)] = []
    for path in paths {
      let identity = try LockSet.identity(of: path)
      if !files.contains(where: { $0.identity == identity }) { files.append((identity, path)) }
    }
    locks = try files.sorted { $0.identity.lexicographicallyPrecedes($1.identity) }.map {
      file throws(PersistenceError) in try FileLock(path: file.path)
    }
  }

  var count: Int { locks.count }

  /// Locks a read-modify-write of `file`: its own `lock` and the one beside the file a link names.
  static func guarding(_ file: String, lock: String) throws(PersistenceError) -> LockSet {
    while true {
      let paths = try paths(guarding: file, lock: lock)
      let locks = try LockSet(paths: paths)
      if try LockSet.paths(guarding: file, lock: lock) == paths { return locks }
    }
  }

  /// The lock files ``guarding(_:lock:)`` takes: one file unless `file` is a link to a file elsewhere.
  static func paths(guarding file: String, lock: String) throws(PersistenceError) -> [String] {
    guard let status = try FileKind.status(file, following: true), status.st_mode & S_IFMT == S_IFREG else {
      return [lock]
    }
    let name = AtomicFile.folderAndName(of: lock).name
    return [lock, AtomicFile.folderAndName(of: try OutputFile.resolved(file)).folder + "/" + name]
  }

  private static func identity(of path: String) throws(PersistenceError) -> [UInt64] {
    try AtomicFile.createDirectory(AtomicFile.folderAndName(of: path).folder)
    let descriptor = SystemCall.openFile(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .unwritable(path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unwritable(path) }
    return FileKind.identity(of: status)
  }
}
