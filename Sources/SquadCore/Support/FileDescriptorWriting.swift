#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum FileDescriptorWriting {
  /// Writes every byte with `write(2)`, retrying after partial writes, `EINTR` and `EAGAIN`; false
  /// (with `errno` set) when a write fails.
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
