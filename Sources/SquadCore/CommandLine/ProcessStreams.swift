#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment and standard streams, read and written directly: Foundation's
/// `ProcessInfo.environment` and `FileHandle` cost more at start-up than a listing does.
public enum ProcessStreams {
  /// The environment variables; the first of duplicate names wins, as with `getenv`.
  public static func environment() -> [String: String] {
    #if canImport(Glibc)
      var entry = environ
    #else
      guard var entry = _NSGetEnviron()?.pointee else { return [:] }
    #endif
    var variables: [String: String] = [:]
    variables.reserveCapacity(64)
    while let pointer = entry.pointee {
      let length = strlen(pointer)
      pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
        let bytes = UnsafeBufferPointer(start: start, count: length)
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
        if variables[name] == nil {
          variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
        }
      }
      entry += 1
    }
    return variables
  }

  /// Writes all of `text` to a file descriptor; a closed reader ends the writing quietly.
  public static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = FileDescriptorWriting.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }
}
