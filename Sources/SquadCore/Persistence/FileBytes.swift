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
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw PersistenceError(path: path, reason: .unreadable(detail: String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw PersistenceError(path: path, reason: .unreadable(detail: String(cString: strerror(errno))))
      }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      return Glibc.read(descriptor, buffer, count)
    #else
      return Darwin.read(descriptor, buffer, count)
    #endif
  }
}
