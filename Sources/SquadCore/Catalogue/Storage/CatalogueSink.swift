import Foundation

protocol CatalogueSink {
  mutating func append(_ bytes: [UInt8]) throws(PersistenceError)
  mutating func finish(header: [UInt8]) throws(PersistenceError)
}

struct MemoryCatalogueSink: CatalogueSink {
  private(set) var bytes: [UInt8] = []

  mutating func append(_ bytes: [UInt8]) { self.bytes += bytes }

  mutating func finish(header: [UInt8]) {
    bytes.replaceSubrange(0..<min(header.count, bytes.count), with: header)
  }
}

/// Written beside the file it replaces and renamed over it: a reader sees the old file or the
/// new one, and a build killed half-way leaves the old one.
final class FileCatalogueSink: CatalogueSink {
  let path: String
  private let temporary: String
  private let descriptor: Int32
  private let cleanupSlot: Int32
  private var buffer: [UInt8] = []
  private var finished = false
  private(set) var keptAside: String?
  private let keepsReplaced: Bool

  /// Call under the catalogue's lock. `keepingReplaced`: the old file keeps a name of its own, given
  /// once the new file is whole on the disk and taken back when replacing fails.
  init(target: OutputFile.Replacement, keepingReplaced: Bool = false) throws(PersistenceError) {
    keepsReplaced = keepingReplaced
    path = target.path
    let (folder, name) = AtomicFile.folderAndName(of: path)
    try AtomicFile.createDirectory(folder)
    temporary = folder + "/." + name + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    cleanupSlot = InterruptCleanup.register(temporary)
    descriptor = SystemCall.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let failure = PersistenceError.unwritable(path)
      InterruptCleanup.unregister(cleanupSlot)
      throw failure
    }
    AtomicFile.copyAttributes(of: target.existing, to: descriptor)
    buffer.reserveCapacity(1 << 20)
  }

  deinit {
    if !finished {
      close(descriptor)
      unlink(temporary)
      InterruptCleanup.unregister(cleanupSlot)
    }
  }

  func append(_ bytes: [UInt8]) throws(PersistenceError) {
    buffer += bytes
    if buffer.count >= 1 << 20 { try flush() }
  }

  func finish(header: [UInt8]) throws(PersistenceError) {
    try flush()
    let written = header.withUnsafeBytes { bytes in
      SystemCall.retrying { pwrite(descriptor, bytes.baseAddress, bytes.count, 0) }
    }
    guard written == header.count, SystemCall.flush(descriptor) else { throw .unwritable(path) }
    close(descriptor)
    finished = true
    defer { InterruptCleanup.unregister(cleanupSlot) }
    var kept: (path: String, linked: Bool)?
    do throws(PersistenceError) {
      if keepsReplaced { kept = try AsideName.keep(path, suffix: "damaged") }
    } catch {
      unlink(temporary)
      throw error
    }
    guard InterruptCleanup.rename(temporary, to: path) == 0 else {
      let error = PersistenceError.unwritable(path)
      unlink(temporary)
      if let kept, kept.linked {
        unlink(kept.path)
      } else if let kept, SystemCall.retrying({ rename(kept.path, path) }) != 0 {
        throw .notUndone(error.description, path: path, left: "the old file is at \(kept.path).")
      }
      throw error
    }
    keptAside = kept?.path
    do throws(PersistenceError) {
      try SystemCall.flushFolder(AtomicFile.folderAndName(of: path).folder)
    } catch {
      // The new file is in place: the kept one must still be named, or its records are lost to view.
      guard let kept, case .partlyWritten(let detail) = error.reason else { throw error }
      let keptSaid =
        "; the damaged catalogue it replaced is kept at \(kept.path) ('squad catalogue import \(kept.path)' brings back every intact record of it)"
      throw PersistenceError(path: error.path, reason: .partlyWritten(detail: detail + keptSaid))
    }
  }

  private func flush() throws(PersistenceError) {
    let ok = buffer.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
    guard ok else { throw .unwritable(path) }
    buffer.removeAll(keepingCapacity: true)
  }
}
