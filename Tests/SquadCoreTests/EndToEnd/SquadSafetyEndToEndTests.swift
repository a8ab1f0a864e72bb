import Foundation
import Testing

@testable import SquadCore

/// Concurrency, corrupt files, usage errors and traces, through the real binary.
@Suite struct SquadSafetyEndToEndTests {
  let squad = SquadProcess()

  @Test func twentyFiveConcurrentRecruitsAllLand() throws {
    let ids = Array(BundledCatalogue.heroes.map(\.id.rawValue).prefix(25))
    let running = try ids.map { try squad.start(arguments: ["recruit", String($0)]) }
    let outcomes = try running.map { try $0.wait() }
    #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.filter { $0.status != 0 }.map(\.stderr))")
    let saved = try SquadFile(paths: SquadPaths(home: squad.home.path)).load()
    #expect(Set(saved.members.map(\.id.rawValue)) == Set(ids))
    #expect(saved.members.count == 25)
  }

  @Test(arguments: [["recruit", "thor"], ["fire", "thor", "--yes"], ["list"], ["heroes"]])
  func garbageInTheSquadFileExits65AndIsLeftUntouched(arguments: [String]) throws {
    let garbage = Data("{\"schemaVersion\": 1, \"members\": [{\"id\": \u{00}}".utf8)
    try garbage.write(to: URL(fileURLWithPath: squad.home.file("squad.json")))
    let result = try squad.run(arguments: arguments)
    #expect(result.status == 65)
    #expect(result.stderr.contains(squad.home.file("squad.json")))
    #expect(squad.home.contents("squad.json") == garbage)
  }

  @Test func aNewerSchemaExits65AndSaysToUpgrade() throws {
    try squad.home.write("{\"schemaVersion\": 9, \"members\": []}", to: "squad.json")
    let result = try squad.run("recruit", "thor")
    #expect(result.status == 65)
    #expect(result.stderr.contains("newer squad"))
  }

  @Test func anUnknownOptionPrintsErrorUsageAndWhereToLook() throws {
    let result = try squad.run("heroes", "--limt", "3")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrLines == [
        "Error: Unknown option '--limt'. Did you mean '--limit'?",
        "Usage: squad heroes [<prefix>] [--search <text>] [--limit <n>] [--offset <n>] [--all] [--order <order>]"
          + " [--fields <list>] [<global options>]",
        "  See 'squad heroes --help' for more information.",
      ])
  }

  @Test func anUnknownCommandIsAnErrorNotHelp() throws {
    let result = try squad.run("recruiy", "thor")
    #expect(result.status == 64)
    #expect(result.stderrLines.first == "Error: Unknown command 'recruiy'. Did you mean 'recruit'?")
  }

  @Test func anUnknownHeroExits3WithCandidates() throws {
    let ambiguous = try squad.run("recruit", "spider-gi")
    #expect(ambiguous.status == 3)
    #expect(ambiguous.stderr.contains("1009157\tSpider-Girl (Anya Corazon)"))
    #expect(ambiguous.stderr.contains("1009609\tSpider-Girl (May Parker)"))
    let missing = try squad.run("show", "Spidr-Man")
    #expect(missing.status == 3)
    #expect(missing.stderr.contains("Did you mean"))
    let unknownID = try squad.run("show", "1")
    #expect(unknownID.status == 3)
    #expect(squad.home.contents("squad.json") == nil)
  }

  @Test func traceWritesOneJSONObjectPerActionWithItsState() throws {
    let result = try squad.run("recruit", "1009610", "--trace")
    #expect(result.status == 0)
    let objects = result.stderrLines.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(objects.map { $0["action"] as? String } == ["recruitRequested", "heroesResolved", "squadUpdated"])
    #expect(objects.allSatisfy { $0["state"] != nil })
    // The domain, never storage: a catalogue hero reads as its id and name.
    #expect(result.stderr.contains(#"{"id":1009610,"name":"Spider-Man (Peter Parker)"}"#))
    for word in ["storage", "_position", "storedDetails", "encoded"] { #expect(!result.stderr.contains(word)) }
  }

  @Test func helpFlagAndHelpCommandPrintTheSameText() throws {
    let flag = try squad.run("heroes", "--help")
    let command = try squad.run("help", "heroes")
    #expect(flag.status == 0 && command.status == 0)
    #expect(flag.stdout == command.stdout)
    #expect(flag.stdout.hasPrefix("OVERVIEW: "))
    #expect(try squad.run("--version").stdout.hasPrefix("squad "))
  }

  @Test func quietLeavesOnlyTheResult() throws {
    let result = try squad.run("recruit", "hulk", "-q")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}
