enum HeroesFailure: FeatureFailure, Equatable, Sendable {
  case source(SourceError)
  case persistence(PersistenceError)

  var underlying: any CommandFailure {
    switch self {
    case .source(let error): return error
    case .persistence(let error): return error
    }
  }
}
