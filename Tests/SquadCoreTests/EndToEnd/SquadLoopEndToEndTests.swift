import Foundation
import Testing

/// The squad loop as a new user meets it: no keys, no network, the real binary.
@Suite struct SquadLoopEndToEndTests {
  let squad = SquadProcess()

  @Test func heroesListsAPageOfRealHeroesWithIdsFirst() throws {
    let result = try squad.run("heroes")
    #expect(result.status == 0)
    let rows = result.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(rows.count == 20)
    #expect(rows.allSatisfy { $0.count == 4 && Int($0[0]) != nil })
    #expect(rows.first?[1] == "3-D Man")
    #expect(result.stderr.contains("local catalogue"))
  }

  @Test func aPrefixFindsSpiderMan() throws {
    let result = try squad.run("heroes", "spi")
    #expect(result.status == 0)
    #expect(result.stdout.contains("1009610\tSpider-Man (Peter Parker)\t"))
    #expect(
      result.stdout.split(separator: "\n").allSatisfy { $0.split(separator: "\t")[1].lowercased().hasPrefix("spi") })
  }

  @Test func showPrintsTheHero() throws {
    let result = try squad.run("show", "1009610", "--json")
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["id"] as? Int == 1_009_610)
    #expect(object?["name"] as? String == "Spider-Man (Peter Parker)")
    #expect((object?["attribution"] as? String)?.contains("Marvel") == true)
  }

  @Test func recruitListAndFireFollowTheContract() throws {
    #expect(try squad.run("recruit", "1009610", "hulk").status == 0)
    #expect(
      try squad.run("list").stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
        "1009610", "1009351",
      ])

    let before = squad.home.contents("squad.json")
    let again = try squad.run("recruit", "1009610")
    #expect(again.status == 0)
    #expect(again.stderr.contains("already in the squad"))
    #expect(squad.home.contents("squad.json") == before)

    let unconfirmed = try squad.run("fire", "hulk")
    #expect(unconfirmed.status == 64)
    #expect(unconfirmed.stderr.contains("--yes"))
    #expect(squad.home.contents("squad.json") == before)

    let fired = try squad.run("fire", "hulk", "--yes")
    #expect(fired.status == 0)
    #expect(try squad.run("list").stdout.hasPrefix("1009610\tSpider-Man (Peter Parker)\t"))
    #expect(try squad.run("list").stdout.split(separator: "\n").count == 1)

    let notMember = try squad.run("fire", "hulk", "--yes")
    #expect(notMember.status == 0)
    #expect(notMember.stderr.contains("not in the squad"))
  }

  @Test func jsonOutputIsOneValidDocument() throws {
    _ = try squad.run("recruit", "thor")
    for command in [["list", "--json"], ["heroes", "--format", "json"], ["--json", "heroes", "hulk"]] {
      let result = try squad.run(arguments: command)
      #expect(result.status == 0)
      #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(command)")
    }
    let lines = try squad.run("heroes", "--format", "jsonl").stdout.split(separator: "\n")
    #expect(lines.count == 20)
    #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] })
  }

  @Test func anEmptySquadListsNothingWithAHint() throws {
    let result = try squad.run("list")
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("squad is empty"))
    #expect(try squad.run("list", "--quiet").stderr.isEmpty)
  }

  @Test func aTerminalGetsAnAlignedTable() throws {
    _ = try squad.run("recruit", "1009610", "hulk")
    let result = try squad.runOnTerminal(["list", "--color", "never"])
    // Status lines on stderr share the terminal; what remains after the last line-clear is what shows.
    let lines = result.stdout.split(separator: "\n").map { $0.components(separatedBy: "\u{1B}[2K").last ?? "" }
    #expect(lines.first { $0.contains("NAME") }?.hasPrefix("     ID  NAME") == true, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("1009610  Spider-Man (Peter Parker)") })
    #expect(lines.contains { $0.hasPrefix("1009351  Hulk ") })
  }
}
