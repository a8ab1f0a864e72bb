import Foundation
import Testing

@testable import SquadCore

/// Issue 21, item 12: a number nobody knows reads "unknown" on every terminal (the `heroes` table,
/// `show`, `pick`, `squads`), stays null in JSON and is an empty cell in TSV and CSV.
@Suite struct UnknownNumbersEndToEndTests {
  /// A home whose catalogue holds a hero with no counts and no date (an archived list of names),
  /// and one whose comics alone are counted.
  func homeWithAHeroOfUnknownCounts() throws -> SquadProcess {
    let squad = SquadProcess(environment: ["NO_COLOR": "1"])
    try squad.home.write(
      #"[{"id":5000001,"name":"Nobody Counted"},{"id":5000002,"name":"Half Counted","comics":3}]"#, to: "names.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("names.json"), "-q").status == 0)
    return squad
  }

  @Test func listingsSayUnknownOnATerminalNullInJSONAndNothingInTSVAndCSV() throws {
    let squad = try homeWithAHeroOfUnknownCounts()
    let table = try squad.runOnTerminal(["heroes", "nobody", "--offline"])
    let row = try #require(table.stdout.split(separator: "\n").first { $0.contains("5000001") })
    #expect(row.hasSuffix("Nobody Counted  unknown"), "\(row)")
    #expect(try squad.run("heroes", "nobody", "--offline").stdout == "5000001\tNobody Counted\t\tno\n")
    let csv = try squad.run("heroes", "nobody", "--offline", "--format", "csv").stdout
    #expect(csv.hasSuffix("5000001,Nobody Counted,,no\r\n"))
    let json = try squad.run("heroes", "nobody", "--offline", "--format", "jsonl").stdout
    #expect(json.contains(#""comics":null"#))
  }

  @Test func showSaysUnknownForEachUnknownCountAndTheDate() throws {
    let squad = try homeWithAHeroOfUnknownCounts()
    let card = try squad.run("show", "5000001", "--offline", "--format", "table").stdout
    #expect(card.contains("Modified:         unknown\n"), "\(card)")
    #expect(card.contains("Appears in:       unknown\n"), "\(card)")
    let half = try squad.run("show", "5000002", "--offline", "--format", "table").stdout
    #expect(half.contains("Appears in:       3 comics, series unknown, stories unknown, events unknown\n"), "\(half)")
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to run pick on a pseudo-terminal"))
  func pickSaysUnknownInTheComicsColumn() throws {
    let squad = try homeWithAHeroOfUnknownCounts()
    let session = try PickTerminal.run(
      ["pick", "nobody"], home: squad.home.path, steps: [.wait("Nobody Counted"), .type("\u{1B}")])
    #expect(session.exit == 0, "\(session.error ?? "")")
    // The screen is given back on leaving; what was drawn stays in the terminal's output.
    #expect(session.output.contains(try Regex("Nobody Counted +unknown")), "\(session.output)")
  }

  @Test func aSquadWhoseMembersCannotBeCountedSaysUnknownInATableAndNothingInTSV() throws {
    let squad = SquadProcess(environment: ["NO_COLOR": "1"])
    #expect(try squad.run("squads", "create", "team", "-q").status == 0)
    try squad.home.write("{ not json", to: "squads/team/squad.json")
    let table = try squad.runOnTerminal(["squads"])
    let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("team") })
    #expect(row.contains("unknown"), "\(row)")
    let tsv = try squad.run("squads").stdout
    #expect(tsv.split(separator: "\n").contains { $0.hasPrefix("team\t\t") }, "\(tsv)")
  }
}
