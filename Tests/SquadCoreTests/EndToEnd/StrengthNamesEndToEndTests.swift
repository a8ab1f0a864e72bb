import Foundation
import Testing

@testable import SquadCore

/// Issue 30, parts 4 and 5: names as fans type them, the hero people mean first, every name that
/// cannot be resolved at once, and did-you-mean for commands that never offers a write for a read.
@Suite struct StrengthNamesEndToEndTests {
  @Test func hyphenSpaceAndDotAreTheSameWhenMatching() throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "iron-man", "--offline").stderr == "Recruited Iron Man.\n")
    #expect(try squad.run("list").stdout.hasPrefix("1009368\tIron Man\t"))
    for (typed, id) in [("ms marvel", "1017577"), ("dr strange", "1009282"), ("mister fantastic", "1009459")] {
      let shown = try squad.run("show", typed, "--offline", "--json")
      #expect(shown.status == 0, "\(typed): \(shown.stderr)")
      #expect(shown.stdout.hasPrefix("{\"id\":\(id),"), "\(typed): \(shown.stdout)")
    }
    let ants = try squad.run("show", "ant man", "--offline")
    #expect(ants.status == 3)
    #expect(ants.stderr.contains("'ant man' matches 3 heroes"), "\(ants.stderr)")
    #expect(ants.stderr.contains("  1010801\tAnt-Man (Scott Lang)\t138 comics\n"), "\(ants.stderr)")
  }

  @Test func aNameOfOnlyHyphensDotsAndSpacesNamesNoHeroAndFiresNoOne() throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "hulk", "--offline").status == 0)
    let before = try String(contentsOfFile: squad.home.file("squad.json"), encoding: .utf8)
    // Folded as fans type names, these are empty: as a prefix they matched every member.
    for typed in ["-", ".", "--", "- .", "\u{200B}-"] {
      let fired = try squad.run("fire", "--yes", "--offline", "--", typed)
      #expect(fired.status == 64, "\(typed): \(fired.stderr)")
      #expect(fired.stderr.contains("holds no letter or digit"), "\(typed): \(fired.stderr)")
      #expect(try String(contentsOfFile: squad.home.file("squad.json"), encoding: .utf8) == before)
    }
    let dash = try squad.run("fire", "-", "--yes", "--offline")
    #expect(dash.stderr.contains("('-' reads heroes from stdin for recruit only)"), "\(dash.stderr)")
    #expect(try squad.run("show", ".", "--offline").status == 64)
    #expect(try squad.run("list").stdout.hasPrefix("1009351\tHulk\t"))
  }

  @Test func theHeroPeopleMeanIsListedFirstWithCounts() throws {
    let squad = SquadProcess()
    for typed in ["spider-man", "spider man"] {
      let shown = try squad.run("show", typed, "--offline")
      #expect(shown.status == 3)
      let lines = shown.stderr.split(separator: "\n")
      #expect(
        lines.first == "Error: '\(typed)' matches 13 heroes; use a longer name or an id (the 10 with the most comics):")
      #expect(lines.dropFirst().first == "  1009610\tSpider-Man (Peter Parker)\t4,484 comics", "\(shown.stderr)")
    }
    // The two "Jean Grey" records are told apart by their counts; a write never guesses.
    let jean = try squad.run("recruit", "jean grey", "--offline")
    #expect(jean.status == 3)
    #expect(
      jean.stderr.contains("  1009327\tJean Grey\t243 comics\n  1009496\tJean Grey\t61 comics\n"), "\(jean.stderr)")
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("squad.json")))
    // Did-you-mean lists and completion follow the same order.
    let typo = try squad.run("show", "spiderman", "--offline")
    #expect(
      typo.stderr.split(separator: "\n").dropFirst().first == "  1009610\tSpider-Man (Peter Parker)\t4,484 comics")
    let completed = try squad.run("__complete", "recruit", "spider-man")
    #expect(
      completed.stdout.split(separator: "\n").dropFirst().first == "Spider-Man (Peter Parker)", "\(completed.stdout)")
  }

  @Test func recruitNamesEveryNameItCannotResolveAndChangesNothing() throws {
    let squad = SquadProcess()
    let recruited = try squad.run("recruit", "thor", "nosuch", "jean grey", "storn", "--offline", "-q")
    #expect(recruited.status == 3)
    let said = recruited.stderr
    #expect(
      said.hasPrefix("Error: 3 of the heroes named were not found or not clear; nothing was changed:\n"), "\(said)")
    #expect(said.contains("  No hero is named 'nosuch'."), "\(said)")
    #expect(said.contains("  'jean grey' matches 2 heroes"), "\(said)")
    #expect(
      said.contains("  No hero is named 'storn'. Did you mean one of these?\n    1009629\tStorm\t915 comics\n"),
      "\(said)")
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("squad.json")), "nothing was changed")
    let issue = try squad.run("recruit", "thor", "nosuch", "storn", "--offline")
    #expect(issue.status == 3 && issue.stderr.contains("'nosuch'") && issue.stderr.contains("'storn'"))
    #expect(try squad.run("list").stdout.isEmpty)
  }

  @Test func aMistypedCommandNeverSuggestsAWriteForARead() throws {
    let squad = SquadProcess()
    let expected = [
      "info": "show", "add": "recruit", "remove": "fire", "rm": "fire", "search": "heroes --search",
      "recuit": "recruit",
    ]
    for (typed, meant) in expected {
      let run = try squad.run(typed, "thor")
      #expect(run.status == 64)
      #expect(run.stderr.hasPrefix("Error: Unknown command '\(typed)'. Did you mean '\(meant)'?\n"), "\(run.stderr)")
    }
    #expect(try !squad.run("info", "thor").stderr.contains("undo"))
  }
}

extension StrengthNamesEndToEndTests {
  /// The tenth attack's F20: a name matching more heroes than a page counts them all and lists
  /// the ten with the most comics among all of them, as `heroes PREFIX --all` sorted by comics says.
  @Test func aNameMatchingMoreThanAPageCountsAllAndListsTheMostKnownOfAll() throws {
    let squad = SquadProcess()
    let listed = try squad.run("heroes", "s", "--all", "--fields", "id,comics", "--offline")
    let rows = listed.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    #expect(rows.count > HeroQuery.maximumLimit, "more matches than one page: \(rows.count)")
    let mostKnown = try #require(rows.max { (Int($0[1]) ?? 0) < (Int($1[1]) ?? 0) })
    let shown = try squad.run("show", "s", "--offline")
    #expect(shown.status == 3)
    #expect(shown.stderr.contains("'s' matches \(rows.count) heroes"), "\(shown.stderr)")
    #expect(shown.stderr.contains("  \(mostKnown[0])\t"), "the most known of all is listed: \(shown.stderr)")
  }

  @Test func aHeroPastTheFirstPageOfItsFirstWordIsFound() throws {
    let squad = SquadProcess()
    let heroes = (1...150).map { #"{"id":\#(4_000_000 + $0),"name":"Zed \#(1000 + $0)","comics":{"available":1}}"# }
    try squad.home.write("[" + heroes.joined(separator: ",") + "]", to: "zeds.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("zeds.json"), "-q").status == 0)
    let shown = try squad.run("show", "zed 1150", "--offline", "--json")
    #expect(shown.status == 0, "past the first 100 names starting 'zed': \(shown.stderr)")
    #expect(shown.stdout.hasPrefix(#"{"id":4000150,"#), "\(shown.stdout)")
  }
}
