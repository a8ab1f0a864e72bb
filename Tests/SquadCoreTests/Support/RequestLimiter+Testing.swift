@testable import SquadCore

extension RequestLimiter {
  /// Requests waiting for a place.
  var waitingCount: Int { waiting.count }
}
