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
      var output = stat()
      if writesThroughSpecialFiles, fstat(STDOUT_FILENO, &output) == 0, output.st_dev == status.st_dev,
        output.st_ino == status.st_ino
      {
        return try writeAll(data, to: STDOUT_FILENO, path: path)
      }
      if writesThroughSpecialFiles && [S_IFIFO, S_IFCHR, S_IFBLK].contains(status.st_mode & S_IFMT) {
        // Blocking open: a FIFO waits for its reader, as with `cat > fifo`.
        let descriptor = SystemCall.openFile(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unwritable(path) }
        defer { close(descriptor) }
        return try writeAll(data, to: descriptor, path: path)
      }
    }
    // Anything else must be a regular file squad may replace, or nothing yet.
    let replacement = try Replacement(path: path)
    if !replacement.exists {
      try refuseProtected(path, protected)
      var status = stat()
      let folder = AtomicFile.folderAndName(of: path).folder
      if !createsFolder, stat(folder, &status) != 0 {
        let detail = errno == ENOENT ? "its folder \(folder) does not exist" : String(cString: strerror(errno))
        throw PersistenceError(path: path, reason: .unwritable(detail: detail))
      }
    }
    try AtomicFile.write(data, to: replacement.path)
  }

  /// The file a path finally names, symbolic links followed; the path itself when that fails.
  static func target(of path: String) -> String { (try? resolved(path)) ?? path }

  /// As ``target(of:)``, but a failure other than nothing there is thrown.
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

  // A reader that closes its pipe early (`--output >(head -1)`) chose to stop reading: done
  // quietly, the same rule as for stdout.
  private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(PersistenceError) {
    guard data.withUnsafeBytes({ FileDescriptorWriting.writeAll($0, to: descriptor) }) || errno == EPIPE else {
      throw PersistenceError(path: path, reason: .partlyWritten(detail: String(cString: strerror(errno))))
    }
  }

  /// Where a file written by streaming (the catalogue) is really replaced, by ``OutputFile``'s rules.
  struct Replacement {
    /// The path with its links resolved.
    let path: String
    let existing: stat?
    var exists: Bool { existing != nil }

    init(path: String) throws(PersistenceError) {
      guard try FileKind.isPresent(path) else {
        self.path = path
        existing = nil
        return
      }
      var status = stat()
      guard stat(path, &status) == 0 else {
        if errno == ENOENT { throw PersistenceError(path: path, reason: .danglingLink) }
        throw .unreadable(path)
      }
      let type = status.st_mode & S_IFMT
      guard type == S_IFREG else {
        if type == S_IFDIR {
          throw PersistenceError(path: path, reason: .unwritable(detail: "it is a folder, not a file"))
        }
        let kind = FileKind.describeIrregular(status.st_mode) ?? "not a regular file"
        throw PersistenceError(path: path, reason: .notAFile(kind: kind))
      }
      try OutputFile.refuseReadOnly(path, status)
      self.path = try OutputFile.resolved(path)
      existing = status
    }
  }
}
