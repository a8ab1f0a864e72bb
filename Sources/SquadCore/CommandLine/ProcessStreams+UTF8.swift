import LaunchArguments

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProcessStreams {
  /// The variables whose values squad uses as paths.
  static let pathVariables = ["SQUAD_HOME", "HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"]

  /// The arguments after the program name, as main received them; nil when squad cannot see
  /// them at all. They come from main's own argument vector (`LaunchArguments`), so a missing
  /// /proc, where the Swift runtime reads them on Linux, loses nothing; an empty vector is no
  /// arguments.
  public static func arguments() -> [String]? {
    argumentVector().map { $0.dropFirst().map { String(cString: $0) } }
  }

  /// Why the command line cannot be used as given, or nil: an argument, or a variable squad
  /// takes a path from, that is not UTF-8. Swift strings would silently turn such bytes into
  /// U+FFFD, so squad would read or create a different path from the one named; it refuses
  /// instead (exit 64), like any other unusable value.
  public static func nonUTF8Input() -> String? {
    for (index, argument) in (argumentVector() ?? []).enumerated().dropFirst()
    where String(validatingCString: argument) == nil {
      return "argument \(index) ('\(TextSnippet.quote(String(cString: argument)))') is not UTF-8; "
        + "squad works only with UTF-8 paths and text"
    }
    for name in pathVariables {
      guard let value = getenv(name), String(validatingCString: value) == nil else { continue }
      return "\(name) is not UTF-8; squad works only with UTF-8 paths"
    }
    return nil
  }

  /// main's argument vector, program name first: as captured before main, else the runtime's
  /// (where the C library does not hand it to initialisers); nil when that is empty because
  /// /proc/self/cmdline, which the runtime reads it from, cannot be read.
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
