import Foundation
import Testing

/// Issue 21 item 16, with the real binary: `squads edit` changes or removes a squad's size limit
/// (recorded in its history; never below its members), and `squads delete` says where the squad
/// is kept and how to get it back.
@Suite struct SquadLimitsEndToEndTests {
  let squad = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])

  init() throws {
    #expect(try squad.run("squads", "create", "avengers", "--max", "3").status == 0)
    #expect(try squad.run("--squad", "avengers", "recruit", "thor", "hulk").status == 0)
  }

  private func limit() throws -> String? {
    let row = try squad.run("squads").lines.first { $0.hasPrefix("avengers\t") }
    return row.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }
  }

  @Test func aLimitIsRaisedLoweredAndRemovedAndEachChangeIsRecorded() throws {
    let raised = try squad.run("squads", "edit", "avengers", "--max", "8")
    #expect(raised.status == 0)
    #expect(raised.stderr == "The squad 'avengers' now holds at most 8 members.\n")
    #expect(try limit() == "8")
    #expect(try squad.run("squads", "edit", "avengers", "--max", "8").stderr.contains("already holds at most 8"))
    #expect(try squad.run("squads", "edit", "avengers", "--no-max").status == 0)
    #expect(try limit() == "")
    let history = try squad.run("--squad", "avengers", "history").lines.map { $0.split(separator: "\t").last ?? "" }
    #expect(history.prefix(2) == ["lifted the size limit", "limited to 8 members"])
    #expect(try squad.run("--squad", "avengers", "recruit", "storm", "wolverine").status == 0, "no limit now")
  }

  @Test func aLimitBelowTheMembersIsRefusedAndChangesNothing() throws {
    let before = try squad.home.snapshot()
    let lowered = try squad.run("squads", "edit", "avengers", "--max", "1")
    #expect(lowered.status == 1)
    #expect(
      lowered.stderr
        == "Error: The squad 'avengers' has 2 members, more than 1; nothing changed. Fire 1 first (squad --squad avengers fire <hero>), then lower the limit.\n"
    )
    #expect(try squad.home.snapshot() == before)
    #expect(try squad.run("squads", "edit", "avengers").status == 64, "nothing to change")
    #expect(try squad.run("squads", "edit", "avengers", "--max", "2", "--no-max").status == 64)
  }

  @Test func deletingSaysWhereTheSquadIsKeptAndSquadsRestoreBringsItBack() throws {
    let deleted = try squad.run("squads", "delete", "avengers", "--yes")
    #expect(deleted.status == 0)
    let kept = try FileManager.default.contentsOfDirectory(atPath: squad.home.file("squads/.deleted"))
    let folder = squad.home.file("squads/.deleted/" + (kept.first ?? ""))
    #expect(
      deleted.stderr
        == "Deleted the squad 'avengers' and its 2 members. It is set aside, with its history, in \(folder); to get it back: squad squads restore avengers\n"
    )
    #expect(try squad.run("squads", "restore", "avengers").status == 0)
    #expect(try squad.run("--squad", "avengers", "list").lines.count == 2)
  }
}
