import Foundation
import Testing

@testable import SquadCore

/// Issue 12's squads and histories when their files are links, FIFOs, missing or oversized,
/// with the real binary: what the hostile tester found, and the rules that answer it.
@Suite struct NamedSquadsFilesEndToEndTests {
  let squad = SquadProcess()

  private func historyLines(_ name: String) -> Int {
    let text = String(decoding: squad.home.contents("squads/\(name)/history.jsonl") ?? Data(), as: UTF8.self)
    return text.split(separator: "\n").count
  }

  private func link(_ name: String, to target: String) throws {
    try? FileManager.default.removeItem(atPath: squad.home.file(name))
    try FileManager.default.createSymbolicLink(atPath: squad.home.file(name), withDestinationPath: target)
  }

  @Test func aHistoryLinkedToAnotherSquadsHistoryIsRefusedAndTheOtherIsNeverWritten() throws {
    for name in ["a", "b"] { #expect(try squad.run("squads", "create", name).status == 0) }
    #expect(try squad.run("--squad", "b", "recruit", "hulk").status == 0)
    #expect(try squad.run("--squad", "a", "recruit", "thor").status == 0)
    try link("squads/a/history.jsonl", to: "../b/history.jsonl")
    let bHistory = squad.home.contents("squads/b/history.jsonl")

    let recruit = try squad.run("--squad", "a", "recruit", "storm")
    #expect(recruit.status == 0)
    #expect(recruit.stderr.contains("symbolic link"), "\(recruit.stderr)")
    #expect(recruit.stderr.contains("this change was made but not recorded"), "\(recruit.stderr)")
    #expect(try squad.run("--squad", "a", "fire", "thor", "--yes").status == 0)
    #expect(squad.home.contents("squads/b/history.jsonl") == bHistory)

    for command in [["history"], ["undo"], ["redo"]] {
      let refused = try squad.run(arguments: ["--squad", "a"] + command)
      #expect(refused.status == 65, "\(command)")
      #expect(refused.stderr.contains("a history must be a file of its own"), "\(refused.stderr)")
    }
    #expect(try squad.run("--squad", "b", "undo").status == 0)
    #expect(try squad.run("--squad", "b", "list").stdout.isEmpty)
  }

  @Test func aHistoryHardLinkedToAnotherSquadsHistoryIsRefusedToo() throws {
    for name in ["a", "b"] { #expect(try squad.run("squads", "create", name).status == 0) }
    #expect(try squad.run("--squad", "b", "recruit", "hulk").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squads/a/history.jsonl"))
    try FileManager.default.linkItem(
      atPath: squad.home.file("squads/b/history.jsonl"), toPath: squad.home.file("squads/a/history.jsonl"))
    let recruit = try squad.run("--squad", "a", "recruit", "storm")
    #expect(recruit.status == 0)
    #expect(recruit.stderr.contains("2 names (hard links)"), "\(recruit.stderr)")
    #expect(historyLines("b") == 2)
    #expect(try squad.run("--squad", "a", "undo").status == 65)
  }

  @Test func aFIFOAsHistoryNeverHangsAChangeAndOnlyHistoryRefuses() throws {
    #expect(try squad.run("squads", "create", "a").status == 0)
    try FileManager.default.removeItem(atPath: squad.home.file("squads/a/history.jsonl"))
    #expect(mkfifo(squad.home.file("squads/a/history.jsonl"), 0o600) == 0)
    let recruit = try squad.run("--squad", "a", "recruit", "storm")
    #expect(recruit.status == 0)
    #expect(recruit.stderr.contains("FIFO"), "\(recruit.stderr)")
    let history = try squad.run("--squad", "a", "history")
    #expect(history.status == 65)
    #expect(history.stderr.contains("FIFO"), "\(history.stderr)")
  }

  @Test func squadsWhoseFilesLinkToOneFileLoseNoConcurrentChange() throws {
    for name in ["a", "b"] { #expect(try squad.run("squads", "create", name).status == 0) }
    try FileManager.default.createDirectory(atPath: squad.home.file("shared"), withIntermediateDirectories: true)
    try squad.home.write("{\"schemaVersion\": 1, \"members\": []}\n", to: "shared/team.json")
    try link("squads/a/squad.json", to: "../../shared/team.json")
    // b reaches the same file through a's link; the default squad through its own link.
    try link("squads/b/squad.json", to: "../a/squad.json")
    try link("squad.json", to: "shared/team.json")
    let ids = Array(BundledCatalogue.heroes.map(\.id.rawValue).prefix(30))
    let running = try ids.enumerated().map { index, id in
      try squad.start(arguments: ["--squad", ["a", "b", "default"][index % 3], "recruit", String(id)])
    }
    let outcomes = try running.map { try $0.wait() }
    #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.filter { $0.status != 0 }.map(\.stderr))")
    let saved = try SquadFile(paths: SquadPaths(home: squad.home.path), name: try SquadName.parse("a").get()).load()
    #expect(Set(saved.members.map(\.id.rawValue)) == Set(ids))
    #expect(saved.members.count == ids.count)
    // The links are still links: every save replaced the one file they share.
    let kind = try FileManager.default.attributesOfItem(atPath: squad.home.file("squads/b/squad.json"))[.type]
    #expect(kind as? FileAttributeType == .typeSymbolicLink)
  }

  @Test func aNamedSquadWithoutItsFileIsNoSquadUntilCreatedAgainWithItsHistory() throws {
    #expect(try squad.run("squads", "create", "c").status == 0)
    for name in ["c", "default"] {
      #expect(try squad.run("--squad", name, "recruit", "hulk").status == 0)
      #expect(try squad.run("--squad", name, "recruit", "thor").status == 0)
    }
    try FileManager.default.removeItem(atPath: squad.home.file("squads/c/squad.json"))
    try FileManager.default.removeItem(atPath: squad.home.file("squad.json"))
    let named = try squad.run("--squad", "c", "history")
    #expect(named.status == 1)
    #expect(named.stderr.hasPrefix("Error: There is no squad named 'c'"), "\(named.stderr)")
    #expect(try squad.run("squads").lines.map { $0.split(separator: "\t")[0] } == ["default"])
    func commands(_ text: String) -> [String] {
      text.split(separator: "\n").map { String($0.split(separator: "\t")[2]) }
    }
    // The default squad always exists: its history stays readable, and undo refuses.
    let unnamed = try squad.run("history")
    #expect(commands(unnamed.stdout) == ["recruit", "recruit"])
    let undo = try squad.run("undo")
    #expect(undo.status == 1)
    #expect(undo.stderr.contains("changed by something other than squad"))
    // Created again, the named squad carries on its history from its folder.
    #expect(try squad.run("squads", "create", "c").status == 0)
    #expect(
      commands(try squad.run("--squad", "c", "history").stdout) == [
        "squads create", "recruit", "recruit", "squads create",
      ])
    #expect(try squad.run("--squad", "c", "list").stdout.isEmpty)
  }

  @Test func aHistoryOverItsBoundSaysTheChangeWasMadeButNotRecorded() throws {
    #expect(try squad.run("squads", "create", "big").status == 0)
    let path = squad.home.file("squads/big/history.jsonl")
    #expect(truncate(path, off_t(InputLimit.historyFile + 1)) == 0)
    let recruit = try squad.run("--squad", "big", "recruit", "hulk")
    #expect(recruit.status == 0)
    #expect(recruit.stderr.contains("larger than 64 MiB"), "\(recruit.stderr)")
    #expect(recruit.stderr.contains("this change was made but not recorded"), "\(recruit.stderr)")
    #expect(!recruit.stderr.contains("changed nothing"), "\(recruit.stderr)")
    #expect(recruit.stderr.contains("Recruited Hulk into big."))
    #expect(try squad.run("--squad", "big", "list").stdout.contains("Hulk"))
    #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == InputLimit.historyFile + 1)
    #expect(try squad.run("--squad", "big", "undo").status == 65)
  }
}
