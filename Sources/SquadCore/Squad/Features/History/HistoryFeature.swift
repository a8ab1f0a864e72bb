import Foundation

/// Showing a squad's history, and stepping through it with undo and redo.
///
/// Both read the history under the squad's lock, so they never see a change half made. Undo and
/// redo are one change each (``SquadFile/change(by:at:_:)``): they refuse, changing nothing, when
/// the history is unreadable or the squad file is not what squad last wrote.
public enum HistoryFeature: Feature {
  /// Where the command is.
  public struct State: Equatable, Sendable {
    /// The current phase.
    public var phase: Phase

    /// A state in the given phase.
    public init(phase: Phase = .idle) { self.phase = phase }
  }

  /// The phases of `history`, `undo` and `redo`.
  public enum Phase: Equatable, Sendable {
    case idle
    /// Reading the history.
    case loading(limit: Int?)
    /// Undoing or redoing up to `count` changes.
    case stepping(StepDirection, count: Int)
    /// The history, newest first.
    case listed([HistoryEntry])
    /// The entry an undo or redo recorded; nil when there was nothing to undo or redo.
    case stepped(StepDirection, HistoryEntry?)
    /// Refused or failed; nothing changed.
    case failed(PersistenceError)
  }

  /// What happened.
  public enum Action: Equatable, Sendable {
    case historyRequested(limit: Int?)
    case stepRequested(StepDirection, count: Int, at: Date)
    case historyLoaded(Result<[HistoryEntry], PersistenceError>)
    case stepFinished(Result<HistoryEntry?, PersistenceError>)
  }

  /// What the feature asks the outside world to do.
  public enum Effect: Equatable, Sendable {
    /// Read the committed history under the squad's lock.
    case loadHistory
    /// Undo or redo up to `count` changes in one locked change.
    case step(StepDirection, count: Int, at: Date)
  }

  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state.phase, action) {
    case (.idle, .historyRequested(let limit)):
      state.phase = .loading(limit: limit)
      return [.loadHistory]

    case (.idle, .stepRequested(let direction, let count, let date)):
      state.phase = .stepping(direction, count: count)
      return [.step(direction, count: count, at: date)]

    case (.loading(let limit), .historyLoaded(.success(let entries))):
      let newestFirst = Array(entries.reversed())
      state.phase = .listed(limit.map { Array(newestFirst.prefix($0)) } ?? newestFirst)
      return []

    case (.stepping(let direction, _), .stepFinished(.success(let entry))):
      state.phase = .stepped(direction, entry)
      return []

    case (.loading, .historyLoaded(.failure(let error))), (.stepping, .stepFinished(.failure(let error))):
      state.phase = .failed(error)
      return []

    default:
      // An action that does not fit the current phase changes nothing.
      return []
    }
  }
}

/// Back (undo) or forward (redo) through a squad's history.
public enum StepDirection: String, Equatable, Sendable {
  case undo
  case redo
}
