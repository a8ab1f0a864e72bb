import Foundation

/// The files a `catalogue import` reads: folders are walked for `.json`, `.jsonl` and `.ndjson`,
/// leaving out hidden entries, on the folder's own file system (as `find -xdev`), each folder once.
/// A folder or entry that cannot be read is a problem naming it, never passed over.
enum CatalogueImportWalk {
  /// An archived dump is a few thousand pages.
  static let maximumFiles = 100_000
  static let maximumDepth = 64

  struct Found: Equatable {
    var files: [String] = []
    var named: Set<String> = []
    var passedOver = 0
    var skipped: [CatalogueImportFile.Problem] = []
  }

  static func holdsData(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: ".") else { return false }
    return ["json", "jsonl", "ndjson"].contains(name[name.index(after: dot)...].lowercased())
  }

  /// An object whose `code` is not 200; the rest of the file is not read.
  static func isErrorAnswer(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(JSONReader.Failure) {
        try reader.beginObject()
        while let key = try reader.nextKey() {
          let start = reader.offset
          try reader.skipValue()
          guard key.string == "code" else { continue }
          return CatalogueDocument.errorCode(buffer[start..<reader.offset]) != nil
        }
      } catch {}
      return false
    }
  }

  /// Each folder's in name order.
  static func files(
    _ paths: [String], skipInvalid: Bool, maximumFiles: Int = maximumFiles, maximumDepth: Int = maximumDepth
  ) -> Result<Found, CatalogueImport.Failure> {
    var walk = Walk(skipInvalid: skipInvalid, maximumFiles: maximumFiles, maximumDepth: maximumDepth)
    return Result { () throws(CatalogueImport.Failure) in
      for path in paths { try walk.take(path) }
      return walk.found
    }
  }

  private struct Walk {
    let skipInvalid: Bool
    let maximumFiles: Int
    let maximumDepth: Int
    var found = Found()
    var visited: Set<[UInt64]> = []

    mutating func take(_ path: String) throws(CatalogueImport.Failure) {
      var status = stat()
      guard stat(path, &status) == 0 else {
        return try problem(Self.statProblem(path, missing: "no such file or folder"))
      }
      guard status.st_mode & S_IFMT == S_IFDIR else {
        found.files.append(path)
        found.named.insert(path)
        return try checkCount(path)
      }
      visited.insert(FileKind.identity(of: status))
      var files: [String] = []
      try walk(path, device: status.st_dev, depth: 0, named: path, into: &files)
      found.files += files.sorted()
    }

    private mutating func walk(_ folder: String, device: dev_t, depth: Int, named: String, into files: inout [String])
      throws(CatalogueImport.Failure)
    {
      guard let names = try list(folder) else { return }
      for name in names where !name.hasPrefix(".") {
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
        var status = stat()
        guard stat(path, &status) == 0 else {
          try problem(Self.statProblem(path, missing: "vanished while the folder was read"))
          continue
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
          guard CatalogueImportWalk.holdsData(name) else {
            found.passedOver += 1
            continue
          }
          files.append(path)
          try checkCount(named, extra: files.count)
          continue
        }
        // Another file system (/proc, /sys, a mount) is not entered, nor a folder seen already.
        guard status.st_dev == device, visited.insert(FileKind.identity(of: status)).inserted else {
          continue
        }
        guard depth < maximumDepth else {
          throw .overLimit("\(path): more than \(maximumDepth) folders deep, the deepest an import walks")
        }
        try walk(path, device: device, depth: depth + 1, named: named, into: &files)
      }
    }

    private mutating func list(_ folder: String) throws(CatalogueImport.Failure) -> [String]? {
      var detail = String(cString: strerror(ENOENT))
      do throws(PersistenceError) {
        if let names = try SystemCall.folderNames(folder) { return names.sorted() }
      } catch {
        if case .unreadable(let reason) = error.reason { detail = reason }
      }
      try problem(.init(path: folder, detail: "cannot list the folder: " + detail, isUnreadable: true))
      return nil
    }

    private func checkCount(_ named: String, extra: Int = 0) throws(CatalogueImport.Failure) {
      guard found.files.count + extra > maximumFiles else { return }
      throw .overLimit("\(named): more than \(maximumFiles) files, the most one import reads; name fewer folders")
    }

    private mutating func problem(_ problem: CatalogueImportFile.Problem) throws(CatalogueImport.Failure) {
      guard skipInvalid else { throw problem.isUnreadable ? .unreadable(problem) : .invalid(problem) }
      found.skipped.append(problem)
    }

    private static func statProblem(_ path: String, missing: String) -> CatalogueImportFile.Problem {
      let reason = errno
      switch reason {
      case ENOENT where BoundedInput.isDanglingLink(path):
        return .init(path: path, detail: "a symbolic link to nothing", isUnreadable: true)
      case ENOENT: return .init(path: path, detail: missing, isUnreadable: true)
      case ELOOP: return .init(path: path, detail: "a symbolic link loop (it never reaches a file)", isUnreadable: true)
      default: return .init(path: path, detail: String(cString: strerror(reason)), isUnreadable: true)
      }
    }
  }
}
