/// What one change did to a squad's members: who left (with their place before) and who joined
/// (with their place after). A member whose details changed both leaves and joins.
struct SquadDiff: Hashable, Sendable {
  struct Placed: Hashable, Sendable {
    /// The position, from 0.
    var index: Int
    var member: Member
  }

  /// Members who left, at their positions before the change.
  var removed: [Placed] = []
  /// Members who joined, at their positions after the change.
  var added: [Placed] = []
  var isEmpty: Bool { removed.isEmpty && added.isEmpty }
  var inverse: SquadDiff { SquadDiff(removed: added, added: removed) }

  /// The smallest diff turning `before` into `after` that its ``inverse`` undoes; every member otherwise.
  static func between(_ before: [Member], _ after: [Member]) -> SquadDiff {
    func placed(_ members: [Member], except kept: Set<Member> = []) -> [Placed] {
      members.enumerated().filter { !kept.contains($0.element) }.map { Placed(index: $0.offset, member: $0.element) }
    }
    let kept = Set(before).intersection(after)
    let diff = SquadDiff(removed: placed(before, except: kept), added: placed(after, except: kept))
    if diff.applied(to: before) == after && diff.inverse.applied(to: after) == before { return diff }
    return SquadDiff(removed: placed(before), added: placed(after))
  }

  func applied(to members: [Member]) -> [Member] {
    let leaving = Set(removed.map(\.member))
    var result = members.filter { !leaving.contains($0) }
    for placed in added.sorted(by: { $0.index < $1.index }) {
      result.insert(placed.member, at: min(max(placed.index, 0), result.count))
    }
    return result
  }
}
