/// How a user names a hero on the command line: a Marvel id (digits) or a name.
enum HeroRef: Hashable, Sendable, CustomStringConvertible {
  case id(HeroID)
  case name(String)

  /// Digits are an id, also after a `#` as `show` prints it (`#1009368`) and around invisible
  /// characters; anything else is a name.
  init(argument: String) {
    let trimmed = argument.trimmingWhitespace()
    // Invisible characters (a byte-order mark, a zero-width space) are dropped from names when
    // they are looked up, so they are dropped before deciding "id or name" too.
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
