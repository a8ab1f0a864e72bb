import Foundation

/// Checks member drafts one at a time as a reader hands them over, keeping the valid members
/// and the problems, and says when to stop reading: after ``problemCap`` problems or more members
/// than ``memberCap``. A hostile 16 MiB file of empty records thus costs what its first records
/// cost, not millions of drafts and problems held at once.
final class ImportValidation {
  /// The most problems kept; past it, reading stops.
  static let problemCap = 1000
  /// The most members an import may hold: every member takes at least 100 bytes in
  /// `squad.json`, so more could never be saved within ``InputLimit/squadFile``.
  static let memberCap = InputLimit.squadFile / 100

  private let now: Date
  private(set) var members: [Member] = []
  private(set) var problems: [ImportProblem] = []
  /// Whether reading stopped before the end of the file.
  private(set) var stoppedEarly = false
  private var firstSeen: [HeroID: ImportLocation] = [:]

  init(now: Date) { self.now = now }

  /// Checks one draft; false when reading should stop.
  func take(_ draft: MemberDraft) -> Bool {
    if let member = draft.validated(now: now, problems: &problems) {
      if let first = firstSeen[member.id] {
        problems.append(
          ImportProblem(
            draft.location, field: .id, "\(member.id) appears twice (first at \(first)); each member may appear once")
        )
      } else {
        firstSeen[member.id] = draft.location
        members.append(member)
      }
    }
    if members.count > Self.memberCap {
      problems = [
        ImportProblem(
          draft.location,
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
