/// The one rule for what a hero or member record may hold, wherever it comes from, so what squad
/// accepts in one place it can write and read back in every other. Each `…Problem` says what is wrong,
/// or nil. Lengths are UTF-8 bytes, far above Marvel's (names under 100 bytes, descriptions a few KiB).
enum HeroLimits {
  static let maximumNameBytes = 1_024
  static let maximumDescriptionBytes = 65_536
  /// Of a link or a picture's path.
  static let maximumURLBytes = 8_192
  /// Of `urls` on one character.
  static let maximumLinks = 100
  /// Of comics, series, stories or events.
  static let maximumCount = 100_000_000
  static func idProblem(_ id: Int) -> String? { id > 0 ? nil : "must be a whole number above 0, not \(id)" }

  /// A name needs a visible character and no control character: white space and default-ignorable
  /// characters (a zero-width space, a direction mark) show nothing, so a name of only those is empty.
  static func nameProblem(_ name: String) -> String? {
    // A name that starts with a visible ASCII character and has no byte that could start a
    // control character (nearly all) needs only its length checked: the checks below cost more.
    if let first = name.utf8.first, (0x21...0x7E).contains(first),
      !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 })
    {
      return lengthProblem(name.utf8.count, maximumNameBytes)
    }
    if name.trimmingWhitespace().isEmpty { return "must not be empty" }
    // Output drops control characters: such a name could not be found as shown, and an export would carry it raw.
    if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      return "must not hold a control character (\(TextSnippet.codePoint(control)))"
    }
    if !name.unicodeScalars.contains(where: isVisible) { return "must have a visible character" }
    return lengthProblem(name.utf8.count, maximumNameBytes)
  }

  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return false
    default: return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
    }
  }

  static func descriptionProblem(_ description: String) -> String? {
    descriptionProblem(byteCount: description.utf8.count)
  }
  static func urlProblem(_ url: String) -> String? { urlProblem(byteCount: url.utf8.count) }
  static func descriptionProblem(byteCount: Int) -> String? { lengthProblem(byteCount, maximumDescriptionBytes) }
  static func urlProblem(byteCount: Int) -> String? { lengthProblem(byteCount, maximumURLBytes) }

  static func countProblem(_ count: Int) -> String? {
    (0...maximumCount).contains(count) ? nil : "must be a count from 0 to \(maximumCount), not \(count)"
  }

  static func linksProblem(count: Int) -> String? {
    count <= maximumLinks ? nil : "\(count) links is more than the \(maximumLinks) squad keeps"
  }

  private static func lengthProblem(_ bytes: Int, _ maximum: Int) -> String? {
    bytes <= maximum ? nil : "\(bytes) bytes is longer than the \(maximum) squad keeps"
  }
}
