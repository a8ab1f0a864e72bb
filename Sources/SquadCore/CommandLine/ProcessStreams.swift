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
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(text[..<equals])
        if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return variables
  }

  /// Writes all of `text` to a file descriptor; a closed reader ends the writing quietly.
  public static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      return Glibc.write(descriptor, buffer, count)
    #else
      return Darwin.write(descriptor, buffer, count)
    #endif
  }
}
