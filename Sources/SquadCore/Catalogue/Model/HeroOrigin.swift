/// Where a hero or comic in the local catalogue came from, for `squad catalogue`.
enum HeroOrigin: String, CaseIterable, Hashable, Sendable {
  /// The set compiled into the binary.
  case bundled = "b"
  /// The Marvel API (`sync`, or any command that asked it).
  case api = "a"
  /// `squad catalogue import`.
  case imported = "i"

  /// The word `squad catalogue` prints.
  var label: String {
    switch self {
    case .bundled: return "bundled"
    case .api: return "api"
    case .imported: return "import"
    }
  }
}
