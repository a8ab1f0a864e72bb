#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a whole buffer to a file descriptor with `write(2)`, which may write only part of it or
/// be interrupted by a signal.
enum FileDescriptorWriting {
  /// Writes every byte, retrying after partial writes, `EINTR` and `EAGAIN`. False (with `errno` set) when a
  /// write fails.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
      let written = SystemCall.retrying { write(descriptor, base + offset, bytes.count - offset) }
      if written < 0 {
        // A descriptor left non-blocking by another program (a shared terminal): wait, then retry.
        if errno == EAGAIN || errno == EWOULDBLOCK {
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          if pollDescriptors(&ready, 1, -1) >= 0 || errno == EINTR { continue }
        }
        return false
      }
      offset += written
    }
    return true
  }
}
