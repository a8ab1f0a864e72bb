import Foundation
import Testing

@testable import SquadCore

/// The export state machine: load, render, then stdout or an atomic file write.
@Suite struct ExportFeatureTests {
  let squad = SampleSquad.squad

  func request(_ destination: ExportDestination) -> ExportRequest {
    ExportRequest(format: .tsv, destination: destination, exportedAt: SampleSquad.exportedAt)
  }

  func document(_ request: ExportRequest) -> ExportDocument {
    ExportDocument(text: ExportRenderer.render(squad, request), memberCount: 3)
  }

  @Test func anExportStartsByLoadingTheSquad() {
    var state = ExportFeature.State.idle
    let effects = ExportFeature.reduce(&state, .exportRequested(request(.standardOutput)))
    #expect(state == .loading(request(.standardOutput)))
    #expect(effects == [.loadSquad])
  }

  @Test func toStdoutTheRenderedSquadIsTheFinalStateWithNothingToWrite() {
    let wanted = request(.standardOutput)
    var state = ExportFeature.State.loading(wanted)
    let effects = ExportFeature.reduce(&state, .squadLoaded(.success(squad)))
    #expect(state == .done(document(wanted), .standardOutput))
    #expect(effects == [])
  }

  @Test func toAFileTheRenderedSquadIsWrittenThenDone() {
    let wanted = request(.file("out.tsv"))
    var state = ExportFeature.State.loading(wanted)
    #expect(
      ExportFeature.reduce(&state, .squadLoaded(.success(squad))) == [.writeFile(document(wanted), path: "out.tsv")])
    #expect(state == .writing(document(wanted), path: "out.tsv"))
    #expect(ExportFeature.reduce(&state, .fileWritten) == [])
    #expect(state == .done(document(wanted), .file("out.tsv")))
  }

  @Test func aCorruptSquadFileFailsTheExport() {
    let error = PersistenceError(path: "squad.json", reason: .corrupt(detail: "not valid JSON"))
    var state = ExportFeature.State.loading(request(.file("out.tsv")))
    #expect(ExportFeature.reduce(&state, .squadLoaded(.failure(error))) == [])
    #expect(state == .failed(error))
    #expect(error.exitCode == .invalidData)
  }

  @Test func aFailedWriteFailsTheExport() {
    let error = PersistenceError(path: "out.tsv", reason: .unwritable(detail: "read-only file system"))
    let wanted = request(.file("out.tsv"))
    var state = ExportFeature.State.writing(document(wanted), path: "out.tsv")
    #expect(ExportFeature.reduce(&state, .fileWriteFailed(error)) == [])
    #expect(state == .failed(error))
  }

  @Test func aTraceShowsTheExportsSizeNotItsText() {
    let traced = ActionTrace.value(of: ExportDocument(text: "abc", memberCount: 1))
    #expect(traced == .object([("members", .int(1)), ("bytes", .int(3))]))
  }
}
