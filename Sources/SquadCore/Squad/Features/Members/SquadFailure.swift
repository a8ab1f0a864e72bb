/// Why a squad command failed.
public enum SquadFailure: FeatureFailure, Equatable, Sendable {
  case lookup(LookupFailure)
  case squad(SquadError)

  /// The lookup or file failure.
  public var underlying: any CommandFailure {
    switch self {
    case .lookup(let failure): return failure
    case .squad(let error): return error
    }
  }
}
