extension StringProtocol {
  /// Not Foundation's `trimmingCharacters(in:)`: the first use of a `CharacterSet` makes the runtime
  /// scan every protocol conformance in the binary, about 0.4 ms of a short command like `recruit`
  /// (BENCHMARKS.md, "Fixed since profiling": `recruit` 4.66 M → 3.97 M instructions).
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
      return ""
    }
    return String(self[first...last])
  }
}
