import Foundation
import Testing

@testable import SquadCore

/// A restore is exact, the size limit included: `import --replace` of a JSON document takes its
/// `maxMembers`; a merge keeps the squad's own limit.
@Suite struct RestoreLimitTests {
  @Test func aCappedSquadExportedAndRestoredInAnotherHomeListsTheSameJSONLimitIncluded() throws {
    let original = TemporaryDirectory()
    var capped = SampleSquad.squad
    capped.maxMembers = 4
    try original.save(capped)
    #expect(try CLIProcess.run(["export", "--output", "backup.json"], home: original.path).status == 0)

    let copy = TemporaryDirectory()
    let restored = try CLIProcess.run(["import", original.file("backup.json"), "--replace"], home: copy.path)
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(restored.stderr.contains("at most 4 members, as in the file"), "\(restored.stderr)")
    let before = try CLIProcess.run(["list", "--json"], home: original.path)
    let after = try CLIProcess.run(["list", "--json"], home: copy.path)
    #expect(after.stdout == before.stdout)
    #expect(after.stdout.contains("\"maxMembers\":4"), "\(after.stdout)")
    let history = try CLIProcess.run(["history"], home: copy.path)
    // The limit first, on its own, then the members as a change undo takes back.
    let lines = history.stdout.split(separator: "\n")
    #expect(lines.count == 2 && lines[0].contains("import --replace\trecruited Spider-Man"), "\(history.stdout)")
    #expect(lines[1].hasSuffix("import --replace\tlimited to 4 members"), "\(history.stdout)")
  }

  func plan(_ content: ImportContent, onto squad: Squad, replace: Bool) throws -> (SquadEdit?, ImportSummary) {
    try ImportFeature.plan(content, replace: replace, in: .of(.success(squad)))
  }

  @Test func aReplaceTakesTheDocumentsLimitOrLiftsItAndAMergeKeepsTheSquadsOwn() throws {
    var squad = Squad(members: [SampleSquad.squad.members[0]])
    squad.maxMembers = 6
    let members = SampleSquad.squad.members
    let (lifted, summary) = try plan(ImportContent(members: members, limit: .some(nil)), onto: squad, replace: true)
    #expect(lifted?.kind == .limit && lifted?.squad.maxMembers == nil && lifted?.detail == nil)
    #expect(summary.description.hasSuffix("The size limit is lifted, as in the file."))
    let (kept, _) = try plan(ImportContent(members: members, limit: 6), onto: squad, replace: true)
    #expect(kept?.kind == .change)
    let (csv, _) = try plan(ImportContent(members: members), onto: squad, replace: true)
    #expect(csv?.kind == .change)
    let (merged, _) = try plan(ImportContent(members: members, limit: 3), onto: squad, replace: false)
    #expect(merged?.kind == .change && merged?.squad.maxMembers == nil)
  }

  @Test func aDocumentHoldingMoreMembersThanItsLimitIsRefused() {
    let text = #"{"schemaVersion": 1, "maxMembers": 1, "members": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]}"#
    let lines = ImportParser.parse(ImportFile(label: "in", data: Data(text.utf8)), now: .distantPast).failure?.lines
    #expect(lines == ["in: maxMembers: 1, but the file lists 2 members; raise it or remove members"])
    let bad = #"{"schemaVersion": 1, "maxMembers": 0, "members": []}"#
    let refused = ImportParser.parse(ImportFile(label: "in", data: Data(bad.utf8)), now: .distantPast).failure?.lines
    #expect(refused == ["in: maxMembers: expected a whole number from 1 to 100000"])
  }
}

/// Imports check each id and name against the local catalogue, as `recruit` would find them.
@Suite struct ImportCatalogueCheckTests {
  @Test func aRowWithThorsIdUnderHulksNameIsThorAndAnUnknownIdIsSaidOrSkipped() throws {
    let home = TemporaryDirectory()
    try home.write("id,name\n1009664,Hulk\n99999999,Nobody\n", to: "in.csv")
    let imported = try CLIProcess.run(["import", "in.csv"], home: home.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("Corrected in.csv:2: 1009664 is Thor in the catalogue, not 'Hulk'."))
    #expect(
      imported.stderr.contains("Warning: in.csv:3: 99999999 is no hero the catalogue knows"), "\(imported.stderr)")
    #expect(
      try CLIProcess.run(["list"], home: home.path).lines.map { $0.split(separator: "\t")[1] } == ["Thor", "Nobody"])
    let recruit = try CLIProcess.run(["recruit", "thor"], home: home.path)
    #expect(recruit.stderr.contains("Thor is already in"), "\(recruit.stderr)")

    let other = TemporaryDirectory()
    try other.write("id,name\n1009664,Hulk\n99999999,Nobody\n", to: "in.csv")
    let skipped = try CLIProcess.run(["import", "in.csv", "--skip-invalid"], home: other.path)
    #expect(skipped.stderr.contains("Skipped in.csv:3: 99999999 is no hero the catalogue knows."), "\(skipped.stderr)")
    #expect(try CLIProcess.run(["list"], home: other.path).lines.count == 1)
  }
}
