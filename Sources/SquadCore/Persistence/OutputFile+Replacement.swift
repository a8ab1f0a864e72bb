import Foundation

extension OutputFile {
  /// Where a file written by streaming (the catalogue) is really replaced, by ``OutputFile``'s rules.
  struct Replacement {
    /// The file that is replaced: the path with its links resolved.
    let path: String
    /// What was there before; nil when nothing was.
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
