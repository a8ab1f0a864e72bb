import Foundation
import Testing

@testable import SquadCore

/// Tab completion reads and never writes (issue 20): `squad __complete …`, and the bash script
/// that calls it, leave every file in the home byte for byte as they were, even when the home
/// holds what an earlier release left (a `cache/catalogue.json`, a catalogue of another bundled
/// set) that the next change will take in, or a damaged catalogue.
@Suite struct CompletionLeavesFilesEndToEndTests {
  enum Home: String, CaseIterable {
    case previousRelease, otherBundledSet, damagedCatalogue
  }

  func makeHome(_ kind: Home) throws -> SquadProcess {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "hulk").status == 0)
    #expect(try squad.run("squads", "create", "team").status == 0)
    #expect(try squad.run("--squad", "team", "recruit", "storm").status == 0)
    switch kind {
    case .previousRelease:
      try FileManager.default.createDirectory(atPath: squad.home.file("cache"), withIntermediateDirectories: true)
      try squad.home.write(
        #"{"schemaVersion":1,"bundled":"d14080d28050ace6","updatedAt":"2026-01-01T00:00:00Z","heroes":["#
          + #"{"id":2950001,"name":"Spinner Old"}]}"#, to: "cache/catalogue.json")
    case .otherBundledSet:
      let builder = CatalogueBuilder(base: BundledCatalogue.index)
      builder.merge(Hero(id: HeroID(2_950_002), name: "Spinner Stored"), origin: .imported)
      var sink = MemoryCatalogueSink()
      try builder.write(updatedAt: Sample.moment, bundled: "older-release", to: &sink)
      try Data(sink.bytes).write(to: URL(fileURLWithPath: squad.home.file("catalogue.sqc")))
    case .damagedCatalogue:
      try squad.home.write("squad-catalogue 2\n{garbage", to: "catalogue.sqc")
    }
    return squad
  }

  @Test(arguments: Home.allCases)
  func completionWritesNothing(home kind: Home) throws {
    let squad = try makeHome(kind)
    let before = try squad.home.snapshot()
    let lines: [[String]] = [
      ["recruit", "spi"], ["recruit", "100961"], ["fire", ""], ["--squad", "team", "fire", ""], ["--squad", ""],
      ["squads", "delete", ""], ["--squad", "nosuch", "fire", ""], ["catalogue", "import", "--"],
      ["heroes", "--order", ""],
    ]
    for line in lines {
      let result = try squad.run(arguments: ["__complete", "--"] + line)
      #expect(result.status == 0 && result.stderr.isEmpty, "\(line): \(result.stderr)")
      #expect(result.lines.count > 1, "\(line) offered nothing")
    }
    let spinners = try squad.run("__complete", "--", "show", "spin").stdout
    #expect(spinners.contains("Spinner") == (kind != .damagedCatalogue), "\(spinners)")
    let script = """
      eval "$(squad completion bash)" || exit 3
      for line in 'squad recruit spi' 'squad fire ' 'squad --squad team fire ' 'squad squads delete ' 'squad show 10096'; do
        read -ra COMP_WORDS <<< "$line"
        [[ "$line" == *' ' ]] && COMP_WORDS+=('')
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _squad
        printf '%s\\n' "${COMPREPLY[@]}"
      done
      """
    let bash = try CLIProcess.execute(
      try #require(CLIProcess.which("bash")), ["--norc", "--noprofile", "-c", script],
      environment: CLIProcess.environment(home: squad.home.path, adding: ["SQUAD_HOME": squad.home.path]),
      directory: squad.home.path)
    #expect(bash.status == 0, "\(bash.stderr)")
    #expect(bash.lines.contains("Spider-Man (Peter Parker)"))
    #expect(bash.lines.contains("Hulk") && bash.lines.contains("Storm") && bash.lines.contains("team"))
    #expect(try squad.home.snapshot() == before, "a TAB changed the home")
  }

  @Test func theNextChangeTakesTheEarlierCatalogueInOnce() throws {
    let squad = try makeHome(.previousRelease)
    #expect(try squad.run("__complete", "--", "show", "spinner").stdout == "names\nSpinner Old\n")
    #expect(squad.home.contents("cache/catalogue.json") != nil)
    let recruit = try squad.run("recruit", "spinner old")
    #expect(recruit.status == 0)
    #expect(recruit.stderr.contains("indexed format"))
    #expect(squad.home.contents("cache/catalogue.json") == nil)
    #expect(try squad.run("__complete", "--", "show", "spinner").stdout == "names\nSpinner Old\n")
  }
}
