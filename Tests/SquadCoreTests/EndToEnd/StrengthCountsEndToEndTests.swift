import Foundation
import Testing

@testable import SquadCore

/// Issue 30, parts 1 to 3 and 6: the catalogue's counts wherever members are shown, joined when
/// shown (never stored), totals, ranks, the squads a hero is in, and two squads compared.
@Suite struct StrengthCountsEndToEndTests {
  /// Spider-Man, Hulk, Thor and Squirrel Girl: their 2024 comics, series, stories and events.
  static let numbers = "4484\t1215\t6485\t37\n1798\t550\t2688\t26\n1902\t560\t2808\t27\n127\t49\t130\t2\n"

  static func fourHeroes() throws -> SquadProcess {
    let squad = SquadProcess()
    let recruited = try squad.run("recruit", "1009610", "hulk", "thor", "squirrel girl", "-q")
    #expect(recruited.status == 0, "\(recruited.stderr)")
    return squad
  }

  @Test func listAndExportTakeTheCountsInFields() throws {
    let squad = try Self.fourHeroes()
    #expect(try squad.run("list", "--format", "tsv", "--fields", "comics,series,stories,events").stdout == Self.numbers)
    let csv = try squad.run("export", "--format", "csv", "--fields", "name,comics").stdout
      .replacingOccurrences(of: "\r\n", with: "\n")
    #expect(csv == "name,comics\nSpider-Man (Peter Parker),4484\nHulk,1798\nThor,1902\nSquirrel Girl,127\n")
    let json = try squad.run("list", "--json", "--fields", "id,comics,modified").stdout
    #expect(json.contains("{\"id\":1009610,\"comics\":4484,\"modified\":\"2021-06-30T"), "\(json)")
    // Counts are catalogue facts: the squad file and the export's default document hold none.
    let file = try String(contentsOfFile: squad.home.file("squad.json"), encoding: .utf8)
    #expect(!file.contains("comics") && !file.contains("modified"))
    #expect(try !squad.run("export").stdout.contains("comics"))
  }

  @Test func anUnknownCountIsUnknownNeverZero() throws {
    let squad = try Self.fourHeroes()
    // A member the catalogue does not know, as from a friend's export.
    let stranger = "id,name\n99999999,Stranger\n"
    #expect(try squad.run("import", "-", stdin: stranger).status == 0)
    let tsv = try squad.run("list", "--format", "tsv", "--fields", "name,comics").stdout
    #expect(tsv.hasSuffix("Stranger\t\n"), "\(tsv)")
    let json = try squad.run("list", "--format", "jsonl", "--fields", "name,comics").stdout
    #expect(json.hasSuffix("{\"name\":\"Stranger\",\"comics\":null}\n"), "\(json)")
    let table = try squad.runOnTerminal(["list", "--fields", "name,comics", "-q"], extraEnvironment: ["NO_COLOR": "1"])
    #expect(table.stdout.contains("Stranger                   unknown"), "\(table.stdout)")
    #expect(table.stdout.contains("counts unknown for 1 member"), "\(table.stdout)")
  }

  @Test func anImportIgnoresCountColumns() throws {
    let squad = SquadProcess()
    let file = "id,name,comics,series\n1009351,Hulk,1,2\n"
    let imported = try squad.run("import", "-", stdin: file)
    #expect(imported.status == 0, "\(imported.stderr)")
    let saved = try String(contentsOfFile: squad.home.file("squad.json"), encoding: .utf8)
    #expect(saved.contains("\"name\": \"Hulk\""), "\(saved)")
    #expect(!saved.contains("comics"))
    #expect(try squad.run("list", "--fields", "comics").stdout == "1798\n", "the catalogue's count, not the file's")
  }

  /// Found by the attack: a TSV export with count fields imported back put the counts into the
  /// members' descriptions and thumbnails, exit 0. A headerless file cannot say its fields.
  @Test func aTSVWhoseFieldsCannotBeKnownIsRefusedNeverReadAsOtherFields() throws {
    let squad = try Self.fourHeroes()
    for fields in ["id,name,comics", "id,name,comics,series", "id,name,description,comics"] {
      let tsv = try squad.run("export", "--format", "tsv", "--fields", fields).stdout
      let other = SquadProcess()
      let imported = try other.run("import", "-", "--replace", stdin: tsv)
      #expect(imported.status == 65, "\(fields): \(imported.stderr)")
      #expect(imported.stderr.contains("export with --format csv"), "\(fields): \(imported.stderr)")
      #expect(!FileManager.default.fileExists(atPath: other.home.file("squad.json")), "\(fields): nothing saved")
    }
    for fields in [nil, "id,name"] {
      let tsv = try squad.run(arguments: ["export", "--format", "tsv"] + (fields.map { ["--fields", $0] } ?? [])).stdout
      let other = SquadProcess()
      #expect(try other.run("import", "-", "--replace", stdin: tsv).status == 0, "\(fields ?? "default")")
      #expect(try other.run("list", "--format", "tsv", "--fields", "id").stdout.split(separator: "\n").count == 4)
    }
  }

  @Test func theTableOfListEndsWithTheTotalsAndSquadsHasEachSquadsComics() throws {
    let squad = try Self.fourHeroes()
    let table = try squad.runOnTerminal(["list", "-q"], extraEnvironment: ["NO_COLOR": "1"])
    #expect(
      table.stdout.contains("\nTotals: 4 members, 8,311 comics, 2,374 series, 12,111 stories, 92 events\n"),
      "\(table.stdout)")
    #expect(try !squad.run("list").stdout.contains("Totals"), "data formats hold members only")
    #expect(try squad.run("squads", "create", "avengers", "-q").status == 0)
    #expect(try squad.run("--squad", "avengers", "recruit", "thor", "-q").status == 0)
    let tsv = try squad.run("squads", "--format", "tsv").stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(tsv.map { [$0.first, $0.last] } == [["default", "8311"], ["avengers", "1902"]], "\(tsv)")
    let screen = try squad.runOnTerminal(["--no-pager", "squads"], extraEnvironment: ["NO_COLOR": "1"]).stdout
    #expect(screen.contains(" 8311\n") && !screen.contains("8,311"), "table columns keep plain digits: \(screen)")
    let fields = try squad.run("squads", "--fields", "name,events,stories").stdout
    #expect(fields == "default\t92\t12111\navengers\t27\t2808\n")
    let json = try squad.run("squads", "--json").stdout
    #expect(json.contains("\"lastChange\":") && json.contains("\"comics\":8311,\"series\":2374"), "\(json)")
  }

  @Test func listOrdersByAnyCount() throws {
    let squad = try Self.fourHeroes()
    let most = try squad.run("list", "--order", "-comics", "--fields", "name").stdout
    #expect(most == "Spider-Man (Peter Parker)\nThor\nHulk\nSquirrel Girl\n")
    let fewest = try squad.run("list", "--order", "events", "--fields", "name").stdout
    #expect(fewest == "Squirrel Girl\nHulk\nThor\nSpider-Man (Peter Parker)\n")
    #expect(try squad.run("list", "--order", "name").status == 64, "list orders by counts")
  }

  @Test func showSaysTheRankAndTheSquads() throws {
    let squad = try Self.fourHeroes()
    let json = try squad.run("show", "1009610", "--json").stdout
    #expect(json.contains("\"rank\":{\"comics\":{\"position\":1,\"of\":1564,\"tiedWith\":0},"), "\(json)")
    #expect(json.contains("\"squads\":[\"default\"]"), "\(json)")
    let card = try squad.runOnTerminal(["show", "1011137", "-q"], extraEnvironment: ["NO_COLOR": "1"]).stdout
    #expect(card.contains("Rank:             #1,194 of 1,564 by comics (tied with 89 others)\n"), "\(card)")
    #expect(card.contains("In squads:        none\n"), "\(card)")
  }

  @Test func twoSquadsCompareSideBySide() throws {
    let squad = try Self.fourHeroes()
    #expect(try squad.run("squads", "create", "avengers", "-q").status == 0)
    #expect(try squad.run("--squad", "avengers", "recruit", "thor", "captain america", "-q").status == 0)
    let tsv = try squad.run("squads", "compare", "default", "avengers").stdout
    #expect(tsv.contains("comics\t8311\t4434\n"), "\(tsv)")
    #expect(tsv.contains("star\tSpider-Man (Peter Parker) (4,484 comics)\tCaptain America (2,532 comics)\n"), "\(tsv)")
    #expect(tsv.contains("in both\tThor\tThor\n"), "\(tsv)")
    let json = try squad.run("squads", "compare", "default", "avengers", "--json").stdout
    #expect(json.contains("\"inBoth\":[{\"id\":1009664,\"name\":\"Thor\",\"comics\":1902}]"), "\(json)")
    // On a terminal the shared members go below the table: a long list never pushes a squad out.
    let shared = ["1009368", "1009165", "1009187", "1009718", "1009189", "1009338", "1010338"]
    #expect(try squad.run(arguments: ["recruit"] + shared + ["-q"]).status == 0)
    #expect(try squad.run(arguments: ["--squad", "avengers", "recruit"] + shared + ["-q"]).status == 0)
    let screen = try squad.runOnTerminal(["--no-pager", "squads", "compare", "default", "avengers"], columns: 100)
    let lines = screen.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first { $0.hasPrefix("members") }?.split(separator: " ").map(String.init) == ["members", "11", "9"],
      "\(lines)")
    #expect(lines.contains { $0.hasPrefix("In both: Thor,") }, "\(lines)")
    // Table columns keep plain digits, which line up and sort (docs/DECISIONS.md, "Output").
    #expect(lines.first { $0.hasPrefix("comics") }.map { !$0.contains(",") } == true, "\(lines)")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 100 }, "\(lines)")
    let missing = try squad.run("squads", "compare", "default", "avengrs")
    #expect(missing.status == 1 && missing.stderr.contains("did you mean 'avengers'?"), "\(missing.stderr)")
  }
}

extension StrengthCountsEndToEndTests {
  /// The tenth attack's F13: after an import renames a member's hero in the catalogue, `compare`
  /// names the member as the squad does (as `list` does), in the star row, the in-both row and JSON.
  @Test func compareNamesAMemberOneWayAfterTheCatalogueRenamesTheHero() throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "thor", "hulk", "-q").status == 0)
    let renamed =
      #"[{"id":1009664,"name":"Thunder God","modified":"2030-01-01T00:00:00Z","comics":{"available":9000}}]"#
    try squad.home.write(renamed, to: "renamed.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("renamed.json"), "-q").status == 0)
    let listed = try squad.run("list", "--fields", "name", "--format", "tsv").stdout
    #expect(listed.contains("Thor\n"), "list keeps the squad's name: \(listed)")
    let tsv = try squad.run("squads", "compare", "default", "default").stdout
    let json = try squad.run("squads", "compare", "default", "default", "--json").stdout
    for output in [tsv, json] {
      #expect(!output.contains("Thunder God"), "\(output)")
    }
    #expect(tsv.contains("star\tThor (9,000 comics)\tThor (9,000 comics)\n"), "\(tsv)")
    #expect(tsv.contains("in both\tThor; Hulk\t"), "\(tsv)")
    #expect(json.contains(#"{"id":1009664,"name":"Thor","comics":9000}"#), "\(json)")
  }
}

extension StrengthCountsEndToEndTests {
  /// The tenth attack's F24: an empty cell means "nobody knows", so a squad that is not the default
  /// says `no`, and on a terminal a squad read without a size limit says `none` where one that
  /// cannot be read says `unknown`.
  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"))
  func squadsTellNoAndNoLimitFromUnknown() throws {
    let squad = SquadProcess()
    #expect(try squad.run("squads", "create", "av", "-q").status == 0)
    #expect(try squad.run("squads", "create", "bad", "-q").status == 0)
    try squad.home.write("{", to: "squads/bad/squad.json")
    let fields = ["squads", "--fields", "name,default,maxMembers,members"]
    let tsv = try squad.run(arguments: fields).stdout
    #expect(tsv.split(separator: "\n").contains("av\tno\t\t0"), "\(tsv)")
    #expect(tsv.split(separator: "\n").contains("bad\tno\t\t"), "\(tsv)")
    let rows = try squad.runOnTerminal(fields).stdout.split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(rows.contains(["av", "no", "none", "0"]), "\(rows)")
    #expect(rows.contains(["bad", "no", "unknown", "unknown"]), "\(rows)")
  }
}
