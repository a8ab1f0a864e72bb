enum HeroOrigin: String, CaseIterable, Hashable, Sendable {
  case bundled = "b"
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
