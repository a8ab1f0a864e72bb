extension Array where Element == String {
  /// `joined(separator:)`, which squad does not call: its first call in a process looks its
  /// collection types up at run time (0.25M instructions, a sixth of `show`; BENCHMARKS.md, stop 36).
  func joinedDirectly(separator: String) -> String {
    var text = first ?? ""
    for element in dropFirst() {
      text += separator
      text += element
    }
    return text
  }
}
