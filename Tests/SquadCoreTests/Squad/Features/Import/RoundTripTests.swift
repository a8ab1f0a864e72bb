import Foundation
import Testing

@testable import SquadCore

/// Export, then import into an empty home: the squad comes back exactly, recruitedAt to the
/// second, whatever the format.
@Suite struct RoundTripTests {
  static let awkward = Squad(
    members: SampleSquad.squad.members + [
      Member(
        id: HeroID(1), name: "=HYPERLINK(\"http://x\",\"y\")", description: "'+quoted, \"and\"\ttabbed\nlines",
        thumbnail: "http://x.example/a,b.jpg", recruitedAt: SampleSquad.date("1999-12-31T23:59:59Z")),
      Member(
        id: HeroID(2), name: "@Araña 蜘蛛", description: "", thumbnail: nil,
        recruitedAt: SampleSquad.date("2030-06-15T12:00:00Z")),
    ])

  @Test(arguments: ["json", "jsonl", "csv"])
  func exportThenImportReplaceGivesTheSameListJSON(format: String) throws {
    let original = TemporaryDirectory()
    try original.save(Self.awkward)
    let exported = try CLIProcess.run(["export", "--format", format, "--output", "squad.export"], home: original.path)
    #expect(exported.status == 0)

    let copy = TemporaryDirectory()
    let imported = try CLIProcess.run(["import", original.file("squad.export"), "--replace"], home: copy.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let before = try CLIProcess.run(["list", "--json"], home: original.path)
    let after = try CLIProcess.run(["list", "--json"], home: copy.path)
    #expect(after.status == 0)
    #expect(after.stdout == before.stdout)
    #expect(before.stdout.contains("\"recruitedAt\":\"1999-12-31T23:59:59Z\""))
  }

  @Test(arguments: [ExportFormat.json, .jsonl, .csv])
  func theParserReadsBackWhatTheRendererWrote(format: ExportFormat) throws {
    let text = ExportRenderer.render(Self.awkward, ExportRequest(format: format, exportedAt: SampleSquad.exportedAt))
    let members = try ImportParser.parse(ImportFile(label: "x", data: Data(text.utf8)), now: .distantPast).get().members
    #expect(members == Self.awkward.members)
  }
}

/// A TSV export imports back; an empty JSON lines export says exactly why it cannot.
@Suite struct TSVImportTests {
  @Test(arguments: [MemberField.allCases, [.id, .name]])
  func aTSVExportImportsBack(fields: [MemberField]) throws {
    let original = TemporaryDirectory()
    try original.save(SampleSquad.squad)
    let exported = try CLIProcess.run(
      ["export", "--format", "tsv", "--fields", fields.map(\.rawValue).joined(separator: ","), "--output", "s.tsv"],
      home: original.path)
    #expect(exported.status == 0)
    let copy = TemporaryDirectory()
    let imported = try CLIProcess.run(["import", original.file("s.tsv")], home: copy.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let ids = try CLIProcess.run(["list", "--fields", "id,name"], home: copy.path)
    #expect(ids.stdout == (try CLIProcess.run(["list", "--fields", "id,name"], home: original.path)).stdout)
  }

  @Test func anEmptyJSONLinesExportSaysWhyItCannotBeImported() throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["export", "--format", "jsonl", "--output", "e.jsonl"], home: home.path).status == 0)
    let imported = try CLIProcess.run(["import", "e.jsonl", "--replace"], home: home.path)
    #expect(imported.status == 65)
    #expect(imported.stderr.contains("export it as json to carry it"), "\(imported.stderr)")
  }
}
