import Foundation

/// Takes members (or their problems) as a reader hands them over, and says when to stop. Used on one thread.
final class ImportValidation {
  static let problemCap = 1000
  /// The most members an import may hold: each takes at least 100 bytes of ``InputLimit/squadFile``.
  static let memberCap = InputLimit.squadFile / 100

  private(set) var members: [Member] = []
  var limit: Int?? = nil
  private(set) var problems: [ImportProblem] = []
  private(set) var stoppedEarly = false
  private(set) var firstSeen: [HeroID: ImportLocation] = [:]
  let now: Date
  init(now: Date) { self.now = now }

  func take(_ read: Result<Member, ImportProblem>, at location: ImportLocation) -> Bool {
    switch read {
    case .failure(let problem):
      problems.append(problem)
    case .success(let member):
      if let first = firstSeen[member.id] {
        problems.append(
          ImportProblem(
            location, field: .id, "\(member.id) appears twice (first at \(first)); each member may appear once"))
      } else {
        firstSeen[member.id] = location
        members.append(member)
      }
    }
    if members.count > Self.memberCap {
      problems = [
        ImportProblem(
          location,
          "more than \(Self.memberCap) members, more than a squad file can hold (see 'Limits' in the README)")
      ]
      stoppedEarly = true
      return false
    }
    if problems.count >= Self.problemCap {
      stoppedEarly = true
      return false
    }
    return true
  }
}
