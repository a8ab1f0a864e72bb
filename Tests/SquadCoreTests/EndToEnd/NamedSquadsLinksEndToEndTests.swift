import Foundation
import Testing

@testable import SquadCore

/// Issue 12's squad folders and `squads/.deleted` reached through symbolic links, with the real
/// binary: squad never follows them, so nothing outside the home is ever written or removed.
@Suite struct NamedSquadsLinksEndToEndTests {
  let squad = SquadProcess()
  let outside = TemporaryDirectory()

  private func link(_ name: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: squad.home.file(name), withDestinationPath: target)
  }

  private func outsideListing() throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: outside.path).sorted()
  }

  @Test func aDeletedFolderThatIsALinkIsRefusedAndNothingOutsideTheHomeIsTouched() throws {
    for index in 1...12 {
      try FileManager.default.createDirectory(atPath: outside.file("proj-\(index)"), withIntermediateDirectories: true)
      try outside.write("important\n", to: "proj-\(index)/data.txt")
    }
    let before = try outsideListing()
    #expect(try squad.run("squads", "create", "a").status == 0)
    #expect(try squad.run("--squad", "a", "recruit", "hulk").status == 0)
    try link("squads/.deleted", to: outside.path)
    let history = squad.home.contents("squads/a/history.jsonl")

    let delete = try squad.run("squads", "delete", "a", "--yes")
    #expect(delete.status == 1)
    #expect(delete.stderr.contains("is a symbolic link"), "\(delete.stderr)")
    #expect(delete.stderr.contains("nothing was changed"), "\(delete.stderr)")
    #expect(try outsideListing() == before)
    #expect(squad.home.contents("squads/a/history.jsonl") == history)
    #expect(try squad.run("--squad", "a", "list").stdout.contains("Hulk"))
  }

  @Test func pruningRemovesOnlyFoldersSquadSetAsideNeverALinkOrAStrangerInThere() throws {
    try FileManager.default.createDirectory(atPath: outside.file("proj"), withIntermediateDirectories: true)
    try outside.write("important\n", to: "proj/data.txt")
    try FileManager.default.createDirectory(
      atPath: squad.home.file("squads/.deleted"), withIntermediateDirectories: true)
    // Older-looking than anything squad sets aside, so pruning by age alone would take them first.
    try link("squads/.deleted/x-1-1", to: outside.path)
    try FileManager.default.createDirectory(
      atPath: squad.home.file("squads/.deleted/notes"), withIntermediateDirectories: true)
    // A pruned squad's folder holding a link out of the home: the link goes, never what it names.
    #expect(try squad.run("squads", "create", "s0").status == 0)
    try link("squads/s0/inner", to: outside.path)
    #expect(try squad.run("squads", "delete", "s0", "--yes").status == 0)
    for index in 1...12 {
      #expect(try squad.run("squads", "create", "s\(index)").status == 0)
      #expect(try squad.run("squads", "delete", "s\(index)", "--yes").status == 0)
    }
    let kept = try FileManager.default.contentsOfDirectory(atPath: squad.home.file("squads/.deleted"))
    #expect(kept.count == SquadSet.keptDeleted + 2, "\(kept.sorted())")
    #expect(kept.contains("x-1-1") && kept.contains("notes") && !kept.contains { $0.hasPrefix("s0-") })
    #expect(squad.home.contents("squads/.deleted/x-1-1/proj/data.txt") != nil)
    #expect(try outsideListing() == ["proj", "proj/data.txt"])
  }

  @Test func aSquadFolderThatIsALinkIsRefusedNeverFollowed() throws {
    #expect(try squad.run("squads", "create", "ok").status == 0)
    #expect(try squad.run("--squad", "ok", "recruit", "hulk").status == 0)
    try link("squads/alias", to: "ok")
    try link("squads/evil", to: outside.path)
    let okHistory = squad.home.contents("squads/ok/history.jsonl")
    for name in ["alias", "evil"] {
      for command in [["recruit", "storm"], ["list"], ["history"], ["undo"]] {
        let refused = try squad.run(arguments: ["--squad", name] + command)
        #expect(refused.status == 1, "\(name) \(command): \(refused.stderr)")
        #expect(refused.stderr.contains("is a symbolic link"), "\(refused.stderr)")
      }
      #expect(try squad.run("squads", "delete", name, "--yes").status != 0)
      #expect(try squad.run("squads", "rename", name, "z\(name)").status != 0)
    }
    #expect(try outsideListing().isEmpty)
    #expect(squad.home.contents("squads/ok/history.jsonl") == okHistory)
    #expect(try squad.run("--squad", "ok", "list").stdout.contains("Hulk"))
    #expect(!(try squad.run("--squad", "ok", "list").stdout.contains("Storm")))
  }
}
