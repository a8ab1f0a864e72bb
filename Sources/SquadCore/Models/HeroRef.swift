/// How a user names a hero on the command line: a Marvel id (digits) or a name.
enum HeroRef: Hashable, Sendable, CustomStringConvertible {
  case id(HeroID)
  case name(String)

  /// Digits are an id, also after a `#` (`#1009368`, as `show` prints it) and around invisible characters.
  init(argument: String) {
    let trimmed = argument.trimmingWhitespace()
    // Lookups drop invisible characters (a byte-order mark, a zero-width space) from names: so does "id or name".
    var visible = String.UnicodeScalarView()
    visible.append(contentsOf: trimmed.unicodeScalars.filter { !TextSnippet.isInvisible($0) })
    let shown = String(visible).trimmingWhitespace()
    let digits = shown.hasPrefix("#") ? String(shown.dropFirst()) : shown
    if !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(digits) {
      self = .id(HeroID(number))
    } else {
      self = .name(trimmed)
    }
  }

  var description: String {
    switch self {
    case .id(let id): return String(id.rawValue)
    case .name(let name): return name
    }
  }
}
