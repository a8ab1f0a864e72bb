import LaunchArguments

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

  /// The arguments after the program name, from main's own argument vector (so a missing /proc
  /// loses nothing); nil when squad cannot see them at all.
  public static func arguments() -> [String]? { argumentVector().map { $0.dropFirst().map { String(cString: $0) } } }

  /// Why the command line cannot be used, or nil: an argument or path variable that is not UTF-8,
  /// which a Swift string would silently turn into another path (U+FFFD).
  public static func nonUTF8Input() -> String? {
    for (index, argument) in (argumentVector() ?? []).enumerated().dropFirst()
    where String(validatingCString: argument) == nil {
      return "argument \(index) ('\(TextSnippet.quote(String(cString: argument)))') is not UTF-8; "
        + "squad works only with UTF-8 paths and text"
    }
    for name in ["SQUAD_HOME", "HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"] {
      guard let value = getenv(name), String(validatingCString: value) == nil else { continue }
      return "\(name) is not UTF-8; squad works only with UTF-8 paths"
    }
    return nil
  }

  /// main's argument vector, program name first: as captured before main, else the runtime's;
  /// nil when that is empty because /proc/self/cmdline cannot be read.
  private static func argumentVector() -> [UnsafeMutablePointer<CChar>]? {
    var count: Int32 = 0
    if let vector = launch_arguments(&count), count >= 0 {
      return (0..<Int(count)).compactMap { vector[$0] }
    }
    let runtime = (0..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0] }
    #if os(Linux)
      if runtime.isEmpty && access("/proc/self/cmdline", R_OK) != 0 { return nil }
    #endif
    return runtime
  }
}
