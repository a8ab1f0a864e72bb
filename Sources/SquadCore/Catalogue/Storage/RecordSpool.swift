import Foundation

/// A build's record lines so far, in an unlinked temporary file (or memory). Its name carries the
/// process's id, so one whose unlink failed is swept once its process has ended.
final class RecordSpool {
  static let leftoverName = "catalogue-spool"
  private var memory: [UInt8] = []
  private var descriptor: Int32 = -1
  private var size = 0
  /// The first read that failed: what the build would write is incomplete, so it must not be written.
  private(set) var failure: PersistenceError?

  init(folder: String? = nil) {
    guard let folder else { return }
    var template = Array((folder + "/.\(Self.leftoverName).tmp-\(getpid())-XXXXXX").utf8CString)
    let opened = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard opened >= 0 else { return }
    // Unlinked at once: the spool disappears with the process, however it ends.
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    descriptor = opened
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  func append(_ line: [UInt8]) -> Range<Int> {
    let start = size
    size += line.count
    if descriptor >= 0, line.withUnsafeBytes({ FileDescriptorWriting.writeAll($0, to: descriptor) }) {
      return start..<size
    }
    if descriptor >= 0 {
      // The disk is full: what is spooled so far moves to memory, and so does the rest.
      memory = read(0..<start)
      close(descriptor)
      descriptor = -1
    }
    memory += line
    return start..<size
  }

  /// None when they cannot be read back (``failure`` says why).
  func read(_ range: Range<Int>) -> [UInt8] {
    guard descriptor >= 0 else { return Array(memory[range]) }
    var bytes = [UInt8](repeating: 0, count: range.count)
    let got = bytes.withUnsafeMutableBytes { buffer in
      SystemCall.retrying { pread(descriptor, buffer.baseAddress, range.count, off_t(range.lowerBound)) }
    }
    if got != range.count && failure == nil {
      failure = PersistenceError(
        path: "the catalogue's spool", reason: .unreadable(detail: String(cString: strerror(errno))))
    }
    return got == range.count ? bytes : []
  }
}
