/// The one rule for what a hero or member record may hold, wherever it comes from: the squad
/// file, an import, an API answer (and an archived catalogue). Whatever squad accepts from one
/// place, it can write and read back in every other, and one record's size is bounded.
///
/// Lengths are UTF-8 bytes, far above anything Marvel publishes (its longest name is under 100
/// bytes, its longest description a few KiB).
enum HeroLimits {
  /// The longest name: 1 KiB.
  static let maximumNameBytes = 1_024
  /// The longest description: 64 KiB.
  static let maximumDescriptionBytes = 65_536
  /// The longest URL (a link or a picture's path): 8 KiB.
  static let maximumURLBytes = 8_192
  /// The most links (`urls`) one character may carry.
  static let maximumLinks = 100
  /// The largest count of comics, series, stories or events.
  static let maximumCount = 100_000_000

  /// What is wrong with `id` as a Marvel character id, or nil: it must be above 0.
  static func idProblem(_ id: Int) -> String? {
    id > 0 ? nil : "must be a whole number above 0, not \(id)"
  }

  /// What is wrong with `name`, or nil: it must have a visible character, hold no control
  /// character and fit the bound. White space, control and format characters (a zero-width space,
  /// a direction mark) and other default-ignorable ones show nothing, so a name of only those is
  /// as good as empty.
  static func nameProblem(_ name: String) -> String? {
    // A name that starts with a visible ASCII character and has no byte that could start a
    // control character (nearly all) needs only its length checked: the checks below cost more.
    if let first = name.utf8.first, (0x21...0x7E).contains(first),
      !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 })
    {
      return lengthProblem(name.utf8.count, maximumNameBytes)
    }
    if name.trimmingWhitespace().isEmpty { return "must not be empty" }
    // Output drops control characters, so a name holding one would not be found by the name the
    // user sees, and a file export would carry it raw.
    if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      return "must not hold a control character (\(TextSnippet.codePoint(control)))"
    }
    if !name.unicodeScalars.contains(where: isVisible) { return "must have a visible character" }
    return lengthProblem(name.utf8.count, maximumNameBytes)
  }

  /// Whether a character shows something on a terminal.
  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return false
    default: return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
    }
  }

  /// What is wrong with `description`, or nil: it must fit the bound.
  static func descriptionProblem(_ description: String) -> String? {
    descriptionProblem(byteCount: description.utf8.count)
  }

  /// What is wrong with a URL (a link or a picture's path), or nil: it must fit the bound.
  static func urlProblem(_ url: String) -> String? { urlProblem(byteCount: url.utf8.count) }

  /// As ``descriptionProblem(_:)``, for a description of `byteCount` UTF-8 bytes.
  static func descriptionProblem(byteCount: Int) -> String? { lengthProblem(byteCount, maximumDescriptionBytes) }

  /// As ``urlProblem(_:)``, for a URL of `byteCount` UTF-8 bytes.
  static func urlProblem(byteCount: Int) -> String? { lengthProblem(byteCount, maximumURLBytes) }

  /// What is wrong with a count of comics, series, stories or events, or nil.
  static func countProblem(_ count: Int) -> String? {
    (0...maximumCount).contains(count) ? nil : "must be a count from 0 to \(maximumCount), not \(count)"
  }

  /// What is wrong with carrying `count` links, or nil.
  static func linksProblem(count: Int) -> String? {
    count <= maximumLinks ? nil : "\(count) links is more than the \(maximumLinks) squad keeps"
  }

  private static func lengthProblem(_ bytes: Int, _ maximum: Int) -> String? {
    bytes <= maximum ? nil : "\(bytes) bytes is longer than the \(maximum) squad keeps"
  }
}
