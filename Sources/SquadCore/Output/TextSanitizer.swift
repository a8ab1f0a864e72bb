enum TextSanitizer {
  /// Control characters removed, tabs and line breaks turned into spaces: a value stays in its cell.
  static func clean(_ text: String) -> String {
    // Printable ASCII, the common case, needs nothing; anything else takes the careful path.
    let printable = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    if printable ?? text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: { isUnsafe($0) || isBreak($0) }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where isBreak(scalar) || !isUnsafe(scalar) {
      result.append(isBreak(scalar) ? " " : scalar)
    }
    return String(result)
  }

  static func appendClean(_ text: String, to buffer: inout [UInt8]) {
    let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
      buffer.append(contentsOf: bytes)
      return true
    }
    if copied != true { buffer += clean(text).utf8 }
  }

  /// For whole documents: line feeds, tabs and CR LF kept; a lone CR, which overwrites a line, goes.
  static func cleanKeepingLineBreaks(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    func kept(_ index: Int) -> Bool {
      let scalar = scalars[index]
      if scalar == "\r" { return index + 1 < scalars.count && scalars[index + 1] == "\n" }
      return scalar == "\n" || scalar == "\t" || !isUnsafe(scalar)
    }
    guard !scalars.indices.allSatisfy(kept) else { return text }
    var result = String.UnicodeScalarView()
    for index in scalars.indices where kept(index) { result.append(scalars[index]) }
    return String(result)
  }

  static func forStdout(_ document: String, isTerminal: Bool) -> String {
    isTerminal ? cleanKeepingLineBreaks(document) : document
  }

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isBidiControl
  }

  private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    "\t\n\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains(scalar)
  }
}
