/// Why a sync stopped.
enum SyncFailure: FeatureFailure, Equatable, Sendable {
  /// The API failed; nothing was written.
  case api(MarvelError)
  /// The catalogue could not be written; the old one is intact.
  case persistence(PersistenceError)

  var underlying: any CommandFailure {
    switch self {
    case .api(let error): return error.sourceError
    case .persistence(let error): return error
    }
  }

  var description: String {
    switch self {
    case .api(let error): return error.description + " The local catalogue was left as it was."
    case .persistence(let error): return error.description
    }
  }
}
