import Foundation

/// The folders squad keeps inside its home, never reached through a symbolic link.
enum OwnFolder {
  static func refuseLink(_ path: String) throws(PersistenceError) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFLNK { throw PersistenceError(path: path, reason: .linkedFolder) }
  }

  static func ensure(_ path: String) throws(PersistenceError) {
    try refuseLink(path)
    try AtomicFile.createDirectory(path)
    // Made, or found, since the first look: still no link, and a folder.
    try refuseLink(path)
    guard isRealFolder(path) else {
      throw PersistenceError(path: path, reason: .unwritable(detail: "cannot create the folder"))
    }
  }

  static func isRealFolder(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
