import Foundation

/// `squad squads`; delete reads them first, so the question can say how many members go.
enum SquadsFeature: Feature {
  enum State: Equatable, Sendable {
    case idle
    /// Reading every squad's summary (to list them, or before deleting `deleting`).
    case loading(deleting: SquadName?, askFirst: Bool, at: Date?)
    /// Waiting for the user to confirm deleting the squad (which one: ``SquadSummary/identity``).
    case confirming(SquadName, at: Date, asked: [UInt64]?)
    case changing(SquadsRequest)
    case listed([SquadSummary])
    case changed(SquadsRequest, SquadsChange)
    case cancelled
    case failed(SquadError)
  }

  enum Action: Equatable, Sendable {
    case listRequested
    /// Create, rename, limit or restore; a delete is asked for with `deleteRequested`, which reads first.
    case changeRequested(SquadsRequest)
    case deleteRequested(SquadName, askFirst: Bool, at: Date)
    case squadsLoaded(Result<[SquadSummary], SquadError>)
    case confirmationAnswered(Bool)
    case changeFinished(Result<SquadsChange, SquadError>)
  }

  enum Effect: Equatable, Sendable {
    case loadSquads
    case confirm(prompt: String)
    case change(SquadsRequest)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .listRequested):
      state = .loading(deleting: nil, askFirst: false, at: nil)
      return [.loadSquads]
    case (.idle, .changeRequested(let request)):
      return change(&state, request)
    case (.idle, .deleteRequested(let name, let askFirst, let date)):
      guard !name.isDefault else {
        state = .failed(.isDefault(action: "deleted"))
        return []
      }
      state = .loading(deleting: name, askFirst: askFirst, at: date)
      return [.loadSquads]
    case (.loading, .squadsLoaded(.failure(let failure))):
      state = .failed(failure)
      return []
    case (.loading(nil, _, _), .squadsLoaded(.success(let summaries))):
      state = .listed(summaries)
      return []
    case (.loading(let name?, let askFirst, let date?), .squadsLoaded(.success(let summaries))):
      guard let summary = summaries.first(where: { $0.name == name }) else {
        state = .failed(.missing(name, nearest: SquadSet.nearest(to: name, in: summaries.map(\.name))))
        return []
      }
      // A newer squad's file is refused before anyone is asked, as every change refuses it.
      if let problem = summary.problem, case .newerSchema = problem.reason {
        state = .failed(.file(problem))
        return []
      }
      guard askFirst else { return change(&state, .delete(name, at: date)) }
      state = .confirming(name, at: date, asked: summary.identity)
      return [.confirm(prompt: "Delete \(Plural.squad(name, members: summary.members))? [y/N] ")]
    case (.confirming(let name, let date, let asked), .confirmationAnswered(true)):
      return change(&state, .delete(name, at: date, asked: asked))
    case (.confirming, .confirmationAnswered(false)):
      state = .cancelled
      return []
    case (.changing(let request), .changeFinished(.success(let change))):
      state = .changed(request, change)
      return []
    case (.changing, .changeFinished(.failure(let failure))):
      state = .failed(failure)
      return []
    default:
      return []
    }
  }

  private static func change(_ state: inout State, _ request: SquadsRequest) -> [Effect] {
    state = .changing(request)
    return [.change(request)]
  }

  /// `squads edit`'s limit, decided on the squad read under its lock; false when unchanged. Pure.
  static func plan(limit: Int?, for name: SquadName, in snapshot: SquadSnapshot) throws(SquadError)
    -> (SquadEdit?, Bool)
  {
    var squad = try snapshot.readSquad()
    guard squad.maxMembers != limit else { return (nil, false) }
    if let limit, squad.members.count > limit {
      throw .belowMembers(name, limit: limit, members: squad.members.count)
    }
    squad.maxMembers = limit
    return (SquadEdit(squad: squad, kind: .limit, detail: limit.map(String.init)), true)
  }
}

enum SquadsRequest: Equatable, Sendable {
  case create(SquadName, maxMembers: Int?, at: Date)
  case rename(SquadName, to: SquadName, at: Date)
  /// Delete the squad; `asked`: the one a person was asked about (``SquadSet/delete(_:at:asked:)``).
  case delete(SquadName, at: Date, asked: [UInt64]? = nil)
  case limit(SquadName, maxMembers: Int?, at: Date)
  /// Restore the newest deletion of the name, or the one deleted in that second (`--at`).
  case restore(SquadName, at: Date? = nil)
}

enum SquadsChange: Equatable, Sendable {
  case done
  /// Created in a folder holding the history (that many changes) of a squad whose file was removed.
  case takenUp(earlierChanges: Int)
  case unchanged
  case deleted(members: Int, keptIn: String)
  case deletedUnread(PersistenceError, keptIn: String)
  /// Restored from this folder; `older`: when the older deletions of the name still kept were made.
  case restored(from: String, older: [Date] = [])
}
