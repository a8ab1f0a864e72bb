import Foundation

/// Writes files so that a reader sees the old content or the new, never a mix.
enum AtomicFile {
  /// Replaces the file at `path` (not a link's target) with `data`, keeping its permissions and owner.
  static func write(_ data: Data, to path: String) throws(PersistenceError) {
    let (directory, name) = folderAndName(of: path)
    var status = stat()
    if ["", ".", ".."].contains(name) || (stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR) {
      throw PersistenceError(path: path, reason: .unwritable(detail: "it is a folder, not a file"))
    }
    try createDirectory(directory)
    let temporary = directory + "/." + name + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let cleanupSlot = InterruptCleanup.register(temporary)
    defer { InterruptCleanup.unregister(cleanupSlot) }
    let descriptor = SystemCall.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .unwritable(path, "cannot create a temporary file") }
    var existing = stat()
    let replacesFile = lstat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
    copyAttributes(of: replacesFile ? existing : nil, to: descriptor)
    let ok = data.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
    guard ok && SystemCall.flush(descriptor) else {
      let writeError = PersistenceError.unwritable(path)
      close(descriptor)
      unlink(temporary)
      throw writeError
    }
    close(descriptor)
    guard InterruptCleanup.rename(temporary, to: path) == 0 else {
      let renameError = PersistenceError.unwritable(path, "cannot replace the file")
      unlink(temporary)
      throw renameError
    }
    try SystemCall.flushFolder(directory)
  }

  /// Gives a new file the permissions (and, as root, the owner) of the file it replaces, if any.
  static func copyAttributes(of existing: stat?, to descriptor: Int32) {
    guard let existing else { return }
    // Owner first: changing the owner clears set-user-ID and set-group-ID, so the mode after.
    if geteuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
    fchmod(descriptor, existing.st_mode & 0o7777)
  }

  /// Removes `.<name>.tmp-<pid>-<random>` files of `path` whose process no longer runs, under its lock.
  static func removeLeftovers(of path: String) {
    let (directory, name) = folderAndName(of: path)
    removeLeftovers(in: directory, of: name)
  }

  static func removeLeftovers(in directory: String, of name: String? = nil) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for entry in entries {
      guard let pid = writer(of: entry, name: name), pid != getpid() else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + entry) }
    }
  }

  /// The process whose atomic write of `name` (any when nil) left `entry`; nil for other files.
  static func writer(of entry: String, name: String? = nil) -> Int32? {
    guard entry.hasPrefix("."), let marker = entry.range(of: ".tmp-", options: .backwards),
      name.map({ entry.dropFirst().prefix(upTo: marker.lowerBound) == $0 }) ?? true,
      let pid = Int32(entry[marker.upperBound...].prefix { $0 != "-" }), pid > 0
    else { return nil }
    return pid
  }

  /// `a/b.json` → (`a`, `b.json`), `b` → (`.`, `b`), `a/` → (`a`, ""). Not Foundation's
  /// `deletingLastPathComponent`: it traps on `.`, `./` and `a/`.
  static func folderAndName(of path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  static func createDirectory(_ path: String) throws(PersistenceError) {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw PersistenceError(path: path, reason: .unwritable(detail: "cannot create the folder"))
    }
  }
}
