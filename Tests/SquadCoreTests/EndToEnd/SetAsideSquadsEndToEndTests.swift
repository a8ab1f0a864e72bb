import Foundation
import Testing

@testable import SquadCore

/// Deleted squads set aside under `squads/.deleted/`, with the real binary: what a delete
/// promised can come back is never destroyed in silence, and every deletion kept is reachable.
@Suite struct SetAsideSquadsEndToEndTests {
  let squad = SquadProcess()

  private func createAndDelete(_ name: String, recruiting hero: String? = nil) throws -> SquadProcess.Outcome {
    #expect(try squad.run("squads", "create", name).status == 0)
    if let hero { #expect(try squad.run("--squad", name, "recruit", hero).status == 0) }
    let deleted = try squad.run("squads", "delete", name, "--yes")
    #expect(deleted.status == 0, "\(deleted.stderr)")
    return deleted
  }

  @Test func deletingEmptySquadsNeverPushesOutOneWithMembers() throws {
    _ = try createAndDelete("precious", recruiting: "hulk")
    var said = ""
    for index in 1...(SquadSet.keptDeleted + 1) { said += try createAndDelete("t\(index)").stderr }
    // The eleventh empty deletion pushed out the first empty one, and said so.
    #expect(said.contains("Warning: the deleted squad 't1' (no members, deleted "), "\(said)")
    #expect(!said.contains("'precious'"), "\(said)")
    let restored = try squad.run("squads", "restore", "precious")
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try squad.run("--squad", "precious", "list").stdout.contains("Hulk"))
  }

  @Test func aSquadWithMembersPushedOutIsNamedEvenWithQuiet() throws {
    _ = try createAndDelete("precious", recruiting: "hulk")
    for index in 1..<SquadSet.keptDeleted { _ = try createAndDelete("m\(index)", recruiting: "thor") }
    #expect(try squad.run("squads", "create", "last").status == 0)
    #expect(try squad.run("--squad", "last", "recruit", "storm").status == 0)
    let deleted = try squad.run("--quiet", "squads", "delete", "last", "--yes")
    #expect(deleted.status == 0)
    #expect(
      deleted.stderr.contains("Warning: the deleted squad 'precious' (1 member, deleted "), "\(deleted.stderr)")
    #expect(deleted.stderr.contains("is no longer kept"), "\(deleted.stderr)")
    #expect(try squad.run("squads", "restore", "precious").status == 1)
  }

  @Test func anOlderDeletionOfANameIsReachedByItsTimeAndTheRefusalSaysToRename() throws {
    // Two deletions of 'av' in one second would be one time: the stamp of the first is moved back.
    _ = try createAndDelete("av", recruiting: "hulk")
    let deleted = squad.home.file("squads/.deleted")
    let first = try #require(try FileManager.default.contentsOfDirectory(atPath: deleted).first)
    let parts = first.split(separator: "-")
    let stamp = try #require(Int(parts[1]))
    let older = "av-\(stamp - 5_000)-\(parts[2])"
    try FileManager.default.moveItem(atPath: deleted + "/" + first, toPath: deleted + "/" + older)
    _ = try createAndDelete("av")

    let restored = try squad.run("squads", "restore", "av")
    #expect(restored.status == 0)
    #expect(restored.stderr.contains("Older deletions of 'av' are kept, made at "), "\(restored.stderr)")
    #expect(try squad.run("--squad", "av", "list").stdout.isEmpty)
    let refused = try squad.run("squads", "restore", "av")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("rename it first"), "\(refused.stderr)")

    #expect(try squad.run("squads", "rename", "av", "empty").status == 0)
    let time = try #require(try squad.run("squads", "restore").stdout.split(separator: "\t").last)
    let picked = try squad.run("squads", "restore", "av", "--at", String(time.dropLast()))
    #expect(picked.status == 0, "\(picked.stderr)")
    #expect(try squad.run("--squad", "av", "list").stdout.contains("Hulk"))
    #expect(try squad.run("squads", "restore", "x", "--at", "soon").status == 64)
  }
}
