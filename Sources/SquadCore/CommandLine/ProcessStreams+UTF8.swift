#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProcessStreams {
  /// The variables whose values squad uses as paths.
  static let pathVariables = ["SQUAD_HOME", "HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"]

  /// Why the command line cannot be used as given, or nil: an argument, or a variable squad
  /// takes a path from, that is not UTF-8. Swift strings would silently turn such bytes into
  /// U+FFFD, so squad would read or create a different path from the one named; it refuses
  /// instead (exit 64), like any other unusable value.
  public static func nonUTF8Input() -> String? {
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
      return "argument \(index) ('\(TextSnippet.quote(String(cString: argument)))') is not UTF-8; "
        + "squad works only with UTF-8 paths and text"
    }
    for name in pathVariables {
      guard let value = getenv(name), String(validatingCString: value) == nil else { continue }
      return "\(name) is not UTF-8; squad works only with UTF-8 paths"
    }
    return nil
  }
}
