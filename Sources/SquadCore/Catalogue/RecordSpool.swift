#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a catalogue build keeps the record lines it has made so far: in memory for small builds,
/// or an unlinked temporary file so that a sync of 100,000 heroes holds none of them in memory.
final class RecordSpool {
  private var memory: [UInt8] = []
  private var descriptor: Int32 = -1
  private var size = 0

  /// A spool in memory, or in an anonymous file in `folder` (falling back to memory).
  init(folder: String? = nil) {
    guard let folder else { return }
    var template = Array((folder + "/.catalogue-spool-XXXXXX").utf8CString)
    let opened = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard opened >= 0 else { return }
    // Unlinked at once: the spool disappears with the process, however it ends.
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    descriptor = opened
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Appends a line (newline included) and says where it is.
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

  /// The bytes at `range`.
  func read(_ range: Range<Int>) -> [UInt8] {
    guard descriptor >= 0 else { return Array(memory[range]) }
    var bytes = [UInt8](repeating: 0, count: range.count)
    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, range.count, off_t(range.lowerBound)) }
    return got == range.count ? bytes : []
  }
}
