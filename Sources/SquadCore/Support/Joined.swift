extension Array where Element == String {
  /// The strings with `separator` between them, as `joined(separator:)` gives them. For what
  /// every command runs at start: the first call of the standard library's `joined` looks up
  /// its collection types at run time, 0.25M instructions, a sixth of `show` (BENCHMARKS.md,
  /// stop 36); this loop is compiled for arrays of strings and looks up nothing.
  func joinedAtStart(by separator: String) -> String {
    var text = first ?? ""
    for element in dropFirst() {
      text += separator
      text += element
    }
    return text
  }
}
