import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file with the system's own reason when it cannot.
public enum FileBytes {
  /// The file's bytes; nil when it does not exist. Any other failure (permissions, a folder in
  /// the way) is an error naming the system's reason.
  public static func read(_ path: String) throws(PersistenceError) -> Data? {
    try bytes(path).map { Data($0) }
  }

  /// The file's bytes as an array, read straight into a buffer of the file's size; nil when it
  /// does not exist.
  public static func bytes(_ path: String) throws(PersistenceError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw failure(path)
    }
    defer { close(descriptor) }
    var status = stat()
    // One byte more than the size, so a full buffer means the file grew and reading goes on.
    var capacity = fstat(descriptor, &status) == 0 ? max(Int(status.st_size), 0) + 1 : 64 * 1024
    var bytes: [UInt8] = []
    while true {
      var readError: Int32 = 0
      let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        count = 0
        guard let base = buffer.baseAddress else { return }
        while count < buffer.count {
          let read = systemRead(descriptor, base + count, buffer.count - count)
          if read == 0 { return }
          if read < 0 {
            if errno == EINTR { continue }
            readError = errno
            return
          }
          count += read
        }
      }
      if readError != 0 {
        errno = readError
        throw failure(path)
      }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      if chunk.count < capacity { return bytes }
      capacity = max(capacity, 64 * 1024)
    }
  }

  private static func failure(_ path: String) -> PersistenceError {
    PersistenceError(path: path, reason: .unreadable(detail: String(cString: strerror(errno))))
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      return Glibc.read(descriptor, buffer, count)
    #else
      return Darwin.read(descriptor, buffer, count)
    #endif
  }
}
