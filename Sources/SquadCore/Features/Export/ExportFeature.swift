import Foundation

/// Exporting the squad: load, render, then stdout or a file written atomically.
enum ExportFeature: Feature {
  enum State: Equatable, Sendable {
    case idle
    case loading(ExportRequest)
    case writing(ExportDocument, path: String)
    case done(ExportDocument, ExportDestination)
    case failed(PersistenceError)
  }

  enum Action: Equatable, Sendable {
    case exportRequested(ExportRequest)
    case squadLoaded(Result<Squad, PersistenceError>)
    case fileWritten
    case fileWriteFailed(PersistenceError)
  }

  enum Effect: Equatable, Sendable {
    /// Read the squad (no lock: an export changes nothing, and saves are atomic).
    case loadSquad
    case writeFile(ExportDocument, path: String)
  }

  static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch (state, action) {
    case (.idle, .exportRequested(let request)):
      state = .loading(request)
      return [.loadSquad]
    case (.loading(let request), .squadLoaded(.success(let squad))):
      let document = ExportDocument(text: ExportRenderer.render(squad, request), memberCount: squad.members.count)
      switch request.destination {
      case .standardOutput:
        state = .done(document, .standardOutput)
        return []
      case .file(let path):
        state = .writing(document, path: path)
        return [.writeFile(document, path: path)]
      }
    case (.loading, .squadLoaded(.failure(let error))), (.writing, .fileWriteFailed(let error)):
      state = .failed(error)
      return []
    case (.writing(let document, let path), .fileWritten):
      state = .done(document, .file(path))
      return []
    default: return []
    }
  }
}

struct ExportRequest: Equatable, Sendable {
  var format: ExportFormat
  /// The name of the squad exported (JSON's `squad` key, Markdown's heading).
  var squad = SquadName.default.value
  var fields = MemberField.stored
  var catalogue: LocalCatalogue? = nil
  var headers = true
  var destination = ExportDestination.standardOutput
  var exportedAt: Date
}

enum ExportDestination: Equatable, Sendable {
  case standardOutput
  case file(String)
}

struct ExportDocument: Equatable, Sendable, CustomTraceConvertible {
  var text: String
  var memberCount: Int
  // Traces show the size, not the whole export.
  var traceValue: JSONValue { .object([("members", .int(memberCount)), ("bytes", .int(text.utf8.count))]) }
}
