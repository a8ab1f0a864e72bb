import Foundation
import Testing

@testable import SquadCore

/// `import --replace` and the history undo reads, with the real binary: what a replace says
/// matches what it recorded, and what it removed can be brought back.
@Suite struct ReplaceUndoEndToEndTests {
  let squad = SquadProcess()

  private func ids(_ arguments: String...) throws -> [String] {
    try squad.run(arguments: arguments).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  @Test func aReplaceByWhatTheSquadHoldsSaysNothingChanged() throws {
    #expect(try squad.run("recruit", "hulk").status == 0)
    #expect(try squad.run("recruit", "iron man").status == 0)
    let csv = try squad.run("export", "--format", "csv").stdout
    try csv.write(toFile: squad.home.file("same.csv"), atomically: true, encoding: .utf8)
    let replaced = try squad.run("import", squad.home.file("same.csv"), "--replace")
    #expect(replaced.status == 0)
    #expect(replaced.stderr.hasPrefix("Nothing changed: the file holds the squad as it is"), "\(replaced.stderr)")
    #expect(!replaced.stderr.contains("Imported"), "\(replaced.stderr)")
    #expect(try squad.run("history").stdout.split(separator: "\n").count == 2)
  }

  @Test func aReplaceTakingAnotherLimitIsUndoneMembersAndAll() throws {
    let source = SquadProcess()
    #expect(try source.run("squads", "create", "five", "--max", "5").status == 0)
    #expect(try source.run("--squad", "five", "recruit", "storm").status == 0)
    let export = try source.run("--squad", "five", "export").stdout
    try export.write(toFile: squad.home.file("five.json"), atomically: true, encoding: .utf8)
    #expect(try squad.run("recruit", "hulk", "thor", "iron man").status == 0)

    let replaced = try squad.run("import", squad.home.file("five.json"), "--replace")
    #expect(replaced.status == 0, "\(replaced.stderr)")
    let history = try squad.run("history").stdout.split(separator: "\n")
    #expect(history.count == 3, "\(history)")
    #expect(history.first?.hasSuffix("recruited Storm; fired Hulk, Thor and Iron Man") == true, "\(history)")
    #expect(history.dropFirst().first?.hasSuffix("limited to 5 members") == true, "\(history)")

    let undone = try squad.run("undo")
    #expect(undone.status == 0)
    #expect(undone.stderr.contains("Recruited Hulk, Thor and Iron Man."), "\(undone.stderr)")
    #expect(try ids("list") == ["1009351", "1009664", "1009368"])
    let stopped = try squad.run("undo")
    #expect(stopped.stderr.contains("Undo stops at the last change of its size limit"), "\(stopped.stderr)")
    #expect(!stopped.stderr.contains("'squads edit'"), "\(stopped.stderr)")
  }
}
