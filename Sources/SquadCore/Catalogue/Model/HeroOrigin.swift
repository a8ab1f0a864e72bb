enum HeroOrigin: String, CaseIterable, Hashable, Sendable {
  case bundled = "b"
  /// The Marvel API (`sync`, or any command that asked it).
  case api = "a"
  case imported = "i"

  var label: String {
    switch self {
    case .bundled: return "bundled"
    case .api: return "api"
    case .imported: return "import"
    }
  }
}
