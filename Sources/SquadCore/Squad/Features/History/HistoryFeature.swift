import Foundation

/// Showing a squad's history (without the lock), and stepping through it with undo and redo.
enum HistoryFeature: Feature {
  enum State: Equatable, Sendable {
    case idle
    case loading(limit: Int?)
    case stepping(StepDirection, count: Int)
    /// The history, newest first.
    case listed([HistoryEntry])
    case stepped(StepDirection, StepOutcome)
    case failed(SquadError)
  }

  enum Action: Equatable, Sendable {
    case historyRequested(limit: Int?)
    case stepRequested(StepDirection, count: Int, at: Date)
    case historyLoaded(Result<[HistoryEntry], PersistenceError>)
    case stepFinished(Result<StepOutcome, SquadError>)
  }

  enum Effect: Equatable, Sendable {
    /// Read the committed history (without the lock: the snapshot's rules keep it whole).
    case loadHistory
    case step(StepDirection, count: Int, at: Date)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .historyRequested(let limit)):
      state = .loading(limit: limit)
      return [.loadHistory]
    case (.idle, .stepRequested(let direction, let count, let date)):
      state = .stepping(direction, count: count)
      return [.step(direction, count: count, at: date)]
    case (.loading(let limit), .historyLoaded(.success(let entries))):
      let newestFirst = Array(entries.reversed())
      state = .listed(limit.map { Array(newestFirst.prefix($0)) } ?? newestFirst)
      return []
    case (.stepping(let direction, _), .stepFinished(.success(let outcome))):
      state = .stepped(direction, outcome)
      return []
    case (.loading, .historyLoaded(.failure(let error))):
      state = .failed(.file(error))
      return []
    case (.stepping, .stepFinished(.failure(let error))):
      state = .failed(error)
      return []
    default:
      return []
    }
  }

  /// Undo or redo of up to `count` changes, decided under the lock; whether undo stopped at a limit change. Pure.
  static func plan(_ direction: StepDirection, count: Int, in snapshot: SquadSnapshot) throws(SquadError)
    -> (SquadEdit?, stoppedAtLimitChange: Bool)
  {
    var squad = try snapshot.readSquad()
    let stacks = UndoStacks.replay(try snapshot.history.mapError(SquadError.file).get())
    let available = direction == .undo ? stacks.undo : stacks.redo
    let stopped = direction == .undo && count > available.count && stacks.startAtLimitChange
    guard !available.isEmpty else {
      // Say why the changes listed before an outside edit cannot be undone.
      if direction == .undo, let sequence = stacks.startAtOutsideChange {
        throw .undoStopsAtOutsideChange(path: snapshot.path, sequence: sequence)
      }
      return (nil, stopped)
    }
    guard snapshot.matchesHistory else { throw .changedOutside(path: snapshot.path) }
    let steps = available.suffix(count).reversed()
    for step in steps { squad = try replay(step, direction, on: squad, in: snapshot) }
    let numbers = steps.compactMap(\.sequence).sorted()
    let detail = numbers.count == steps.count ? numbers.map(String.init).joinedDirectly(separator: ",") : nil
    return (
      SquadEdit(squad: squad, kind: direction == .undo ? .undo : .redo, steps: steps.count, detail: detail), stopped
    )
  }

  // One step undone or redone, checked against the digests its entry recorded on both sides.
  private static func replay(
    _ step: UndoStacks.Step, _ direction: StepDirection, on squad: Squad, in snapshot: SquadSnapshot
  ) throws(SquadError) -> Squad {
    let (from, to) = direction == .undo ? (step.after, step.before) : (step.before, step.after)
    guard to != SquadDigest.unreadable else { throw .noSquadToRestore(path: snapshot.path) }
    var result = Squad(members: (direction == .undo ? step.diff.inverse : step.diff).applied(to: squad.members))
    result.maxMembers = squad.maxMembers
    result.unknownFields = squad.unknownFields
    // A squad with no file (``SquadDigest/absent``) is the empty squad.
    func matches(_ squad: Squad, _ digest: String) -> Bool {
      digest == SquadDigest.absent ? squad.members.isEmpty : SquadDigest.of(squad) == digest
    }
    guard matches(squad, from), matches(result, to) else {
      throw .file(PersistenceError(path: snapshot.historyPath, reason: .brokenHistoryChain))
    }
    return result
  }
}

struct StepOutcome: Equatable, Sendable {
  var entry: HistoryEntry?
  var stoppedAtLimitChange = false
  /// Whether it took fewer changes than asked because the history held no more.
  var ranOut = false
}

enum StepDirection: String, Equatable, Sendable {
  case undo, redo
}
