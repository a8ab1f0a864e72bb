import Foundation

/// The one way squad writes a file a path names (`export --output`, `squad.json`): a link's target
/// is replaced atomically; special files are written through only when asked; see docs/FILES.md.
enum OutputFile {
  /// Writes `data` to what `path` names; a `protected` path, a read-only file, a dangling link,
  /// a folder or a socket is refused, and a missing folder unless `createsFolder`.
  static func write(
    _ data: Data, to path: String, writesThroughSpecialFiles: Bool = false, protected: [String] = [],
    createsFolder: Bool = true
  ) throws(PersistenceError) {
    if let status = try FileKind.status(path, following: true) {
      try refuseProtected(path, protected)
      // `--output /dev/stdout >> log`: the shell's own redirection, append mode and offset
      // included, is kept by writing to the descriptor rather than replacing the file.
      if writesThroughSpecialFiles && isStandardOutput(status) {
        return try writeAll(data, to: STDOUT_FILENO, path: path)
      }
      if writesThroughSpecialFiles && [S_IFIFO, S_IFCHR, S_IFBLK].contains(status.st_mode & S_IFMT) {
        return try writeThrough(data, to: path)
      }
    }
    // Anything else must be a regular file squad may replace, or nothing yet.
    let replacement = try Replacement(path: path)
    if !replacement.exists {
      try refuseProtected(path, protected)
      if !createsFolder { try requireFolder(of: path) }
    }
    try AtomicFile.write(data, to: replacement.path)
  }

  /// The file a path finally names, symbolic links followed; the path itself when that fails.
  static func target(of path: String) -> String { (try? resolved(path)) ?? path }

  /// The file a path finally names, links followed; the path itself when nothing is there.
  static func resolved(_ path: String) throws(PersistenceError) -> String {
    guard let resolved = realpath(path, nil) else {
      guard [ENOENT, ENOTDIR].contains(errno) else { throw .unreadable(path) }
      return path
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether two paths name the same file: the same inode, else the same place once resolved.
  static func sameFile(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    if stat(first, &a) == 0, stat(second, &b) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
    return canonical(first) == canonical(second)
  }

  // The absolute path with every existing folder's links resolved, so a file that does not
  // exist yet (squad.json in a home not created yet) is still recognised under another spelling.
  private static func canonical(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let (folder, name) = AtomicFile.folderAndName(of: absolute)
    if let resolved = realpath(folder, nil) {
      defer { free(resolved) }
      return String(cString: resolved) + "/" + name
    }
    guard folder != absolute, folder != "/" else { return absolute }
    let parent = canonical(folder)
    switch name {
    case "", ".": return parent
    case "..": return AtomicFile.folderAndName(of: parent).folder
    default: return parent + "/" + name
    }
  }

  private static func requireFolder(of path: String) throws(PersistenceError) {
    var status = stat()
    let folder = AtomicFile.folderAndName(of: path).folder
    guard stat(folder, &status) != 0 else { return }
    let detail = errno == ENOENT ? "its folder \(folder) does not exist" : String(cString: strerror(errno))
    throw PersistenceError(path: path, reason: .unwritable(detail: detail))
  }

  static func refuseReadOnly(_ path: String, _ status: stat) throws(PersistenceError) {
    guard status.st_mode & 0o222 == 0 || access(path, W_OK) != 0 else { return }
    guard [EACCES, EROFS, EPERM].contains(errno) || status.st_mode & 0o222 == 0 else { throw .unreadable(path) }
    let mode = String(status.st_mode & 0o7777, radix: 8)
    let detail = "it is read-only (mode \(mode)); squad replaces only files it may write (chmod u+w to allow it)"
    throw PersistenceError(path: path, reason: .unwritable(detail: detail))
  }

  // A protected folder guards everything under it, whatever names reach it (links), and a
  // protected lock guards the protected files beside it (and their `.`-suffixed kin).
  private static func refuseProtected(_ path: String, _ protected: [String]) throws(PersistenceError) {
    let place = canonical(target(of: path))
    #if canImport(Darwin)
      // A Mac's disk ignores case by default: SQUAD.JSON there is squad.json.
      let names = protected.map { ($0 as NSString).lastPathComponent.lowercased() }
      let name = (place as NSString).lastPathComponent.lowercased()
    #else
      let names = protected.map { ($0 as NSString).lastPathComponent }
      let name = (place as NSString).lastPathComponent
    #endif
    let folder = (place as NSString).deletingLastPathComponent
    let keptBesideALock =
      names.contains { name == $0 || name.hasPrefix($0 + ".") }
      && names.contains { $0.hasSuffix(".lock") && (try? FileKind.isPresent(folder + "/" + $0)) ?? true }
    guard
      keptBesideALock
        || protected.contains(where: {
          sameFile(path, $0) || place.hasPrefix(canonical(target(of: $0)) + "/") || holds($0, path)
        })
    else { return }
    let detail = "it is one of squad's own files; choose another path"
    throw PersistenceError(path: path, reason: .unwritable(detail: detail))
  }

  private static func holds(_ folder: String, _ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_nlink > 1, let files = FileManager.default.enumerator(atPath: folder)
    else { return false }
    return files.contains { sameFile(folder + "/\($0)", path) }
  }

  private static func writeThrough(_ data: Data, to path: String) throws(PersistenceError) {
    // Blocking open: a FIFO waits for its reader, as with `cat > fifo`.
    let descriptor = SystemCall.openFile(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unwritable(path) }
    defer { close(descriptor) }
    try writeAll(data, to: descriptor, path: path)
  }

  // A reader that closes its pipe early (`--output >(head -1)`) chose to stop reading: done
  // quietly, the same rule as for stdout.
  private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(PersistenceError) {
    guard data.withUnsafeBytes({ FileDescriptorWriting.writeAll($0, to: descriptor) }) || errno == EPIPE else {
      throw PersistenceError(path: path, reason: .partlyWritten(detail: String(cString: strerror(errno))))
    }
  }

  // Whether the file is the one stdout already has open (`/dev/stdout`, `/proc/self/fd/1`).
  private static func isStandardOutput(_ status: stat) -> Bool {
    var output = stat()
    return fstat(STDOUT_FILENO, &output) == 0 && output.st_dev == status.st_dev && output.st_ino == status.st_ino
  }
}
