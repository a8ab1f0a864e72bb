import Foundation
import Testing

@testable import SquadCore

/// What the tenth attack found in issue 30's features (squad strength and names as fans type them).
@Suite struct TenthAttackEndToEndTests {
  /// The parts of `show --json` a reader compares: the counts, the date and the rank by comics.
  private static func standing(_ json: String) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let rank = (object["rank"] as? [String: Any])?["comics"] as? [String: Any]
    return [
      "\(object["comics"] ?? "none")", "\(object["modified"] ?? "none")", "\(rank?["position"] ?? "none")",
      "\(rank?["tiedWith"] ?? "none")",
    ]
  }

  /// The simulator sends Sabretooth undated with no counts; the catalogue keeps its dated record
  /// (the newer wins), and the first answer, fetched, shows that record as the cached ones do.
  @Test func onlineShowAnswersTheFirstTimeAsFromTheCache() async throws {
    let simulator = try await Simulator()
    let squad = MarvelEndToEndTests.squad(simulator)
    let offline = try await squad.launch("show", "1009554", "--json", "--offline")
    #expect(offline.status == 0, "\(offline.stderr)")
    let expected = try Self.standing(offline.stdout)
    #expect(expected[0] != "0" && expected[0] != "none", "the bundled record has counts: \(expected)")
    for call in ["fetched", "cached"] {
      let shown = try await squad.launch("show", "1009554", "--json")
      #expect(shown.status == 0, "\(call): \(shown.stderr)")
      #expect(try Self.standing(shown.stdout) == expected, "\(call): \(shown.stdout)")
    }
    // A name looked up online is the kept record too.
    let named = try await squad.launch("show", "sabretooth", "--json")
    #expect(try Self.standing(named.stdout) == expected, "\(named.stdout)")
  }

  /// `fire`'s candidates are squad members, which hold no counts: the catalogue's are joined, so
  /// the two Jean Greys are told apart and the most comics come first, as `show` lists them.
  @Test func fireListsMembersWithTheCataloguesCountsMostComicsFirst() throws {
    let squad = SquadProcess()
    #expect(
      try squad.run("-q", "recruit", "1009327", "1009496", "spider-man (peter", "spider-man (miles", "--offline").status
        == 0)
    for name in ["jean grey", "spider-man"] {
      let shown = try squad.run("show", name, "--offline")
      let candidates = shown.stderr.split(separator: "\n").dropFirst().map(String.init).filter { line in
        ["1009327", "1009496", "1009610", "1016181"].contains { line.contains($0) }
      }
      #expect(candidates.count == 2, "\(shown.stderr)")
      let fired = try squad.run("fire", name, "--yes", "--offline")
      #expect(fired.status == 3)
      #expect(!fired.stderr.contains("unknown"), "\(fired.stderr)")
      #expect(fired.stderr.split(separator: "\n").dropFirst().map(String.init) == candidates, "\(fired.stderr)")
    }
    #expect(try squad.run("list").stdout.split(separator: "\n").count == 4, "nothing was fired")
  }

  /// Completion matches names as `show` and `recruit` do; each completed name is one they take.
  @Test func completionMatchesNamesAsFansTypeThem() throws {
    let squad = SquadProcess()
    for typed in ["iron-", "dr str", "ms m", "spider m", "capt a", "mr f", "ant m"] {
      let offered = try squad.run("__complete", "--", "recruit", typed).stdout.split(separator: "\n").dropFirst()
      let first = try #require(offered.first, "\(typed) completes to nothing")
      let shown = try squad.run("show", String(first), "--offline", "--json")
      #expect(shown.status == 0, "\(typed) → \(first): \(shown.stderr)")
      #expect(try squad.run("show", typed, "--offline").status != 64, "\(typed)")
    }
  }

  /// Two heroes named "Jean Grey": the name alone is refused, so completion offers their ids,
  /// each told apart by its comics, most first.
  @Test func aNameTwoHeroesShareCompletesToTheirIdsWithTheirComics() throws {
    let squad = SquadProcess()
    let shown = try squad.run("show", "jean grey", "--offline")
    #expect(shown.status == 3)
    let candidates = shown.stderr.split(separator: "\n").dropFirst().prefix(2).map {
      $0.split(separator: "\t").map(String.init)
    }
    let expected = candidates.map { "\($0[0].trimmingCharacters(in: .whitespaces))\t\($0[1]), \($0[2])" }
    #expect(expected.count == 2)
    let offered = try squad.run("__complete", "--", "recruit", "jean").stdout.split(separator: "\n").map(String.init)
    // Most comics first, as everywhere: Jean Grey (Ultimate) may come between the two.
    let places = expected.compactMap { offered.firstIndex(of: $0) }
    #expect(offered.first == "names" && places.count == 2 && places[0] < places[1], "\(offered)")
    #expect(!offered.contains("Jean Grey"), "\(offered)")
    #expect(offered.contains("Jean Grey (Ultimate)"), "a name one hero has stays a name: \(offered)")
    #expect(try squad.run("-q", "recruit", "1009327", "1009496", "--offline").status == 0)
    let members = try squad.run("__complete", "--", "fire", "jean").stdout.split(separator: "\n").map(String.init)
    #expect(members == ["names"] + expected, "\(members)")
  }

  /// A one-character name, or one of signs only, is close to no hero: no list of famous heroes
  /// unrelated to it, the hint to search instead, as for a long name close to nothing.
  @Test func aNameOfOneOrTwoCharactersOrSignsSuggestsNoUnrelatedHeroes() throws {
    let squad = SquadProcess()
    let far = try squad.run("show", "xyzzy", "--offline")
    #expect(far.stderr == "Error: No hero is named 'xyzzy'. Try 'squad heroes <prefix>' to search.\n")
    for typed in ["Ω", "Ωx"] {
      let shown = try squad.run("show", "--offline", "--", typed)
      #expect(shown.status == 3, "\(typed): \(shown.stderr)")
      #expect(shown.stderr.hasSuffix("'. Try 'squad heroes <prefix>' to search.\n"), "\(typed): \(shown.stderr)")
    }
    // Signs alone are the usage error (eleventh attack F6).
    for typed in ["~", "!", "(", "~~", "#)"] {
      #expect(try squad.run("show", "--offline", "--", typed).status == 64, "\(typed)")
    }
    // A name that holds what was typed is still offered.
    let five = try squad.run("show", "--offline", "--", "-5")
    #expect(five.stderr.contains("Did you mean one of these?\n  ") && five.stderr.contains("\tX-51"), "\(five.stderr)")
    #expect(!five.stderr.contains("Spider-Man"), "\(five.stderr)")
    let zero = try squad.run("show", "--offline", "--", "-0").stderr.split(separator: "\n").dropFirst()
    #expect(!zero.isEmpty && zero.allSatisfy { $0.split(separator: "\t")[1].contains("0") }, "\(zero)")
  }

  /// The same unknown name given twice is one failure, said once.
  @Test func anUnknownNameGivenTwiceIsReportedOnce() throws {
    let squad = SquadProcess()
    let twice = try squad.run("recruit", "nosuch", "nosuch", "thor", "--offline")
    #expect(twice.status == 3)
    #expect(
      twice.stderr == "Error: No hero is named 'nosuch'. Try 'squad heroes <prefix>' to search.\n", "\(twice.stderr)")
    let two = try squad.run("recruit", "nosuch", "storn", "nosuch", "storn", "--offline")
    #expect(two.stderr.hasPrefix("Error: 2 of the heroes named were not found or not clear"), "\(two.stderr)")
    #expect(two.stderr.components(separatedBy: "'nosuch'").count == 2, "\(two.stderr)")
    #expect(two.stderr.components(separatedBy: "'storn'").count == 2, "\(two.stderr)")
    #expect(try squad.run("list").stdout.isEmpty, "nothing was changed")
  }

  /// `squads compare` on a terminal says `unknown` for a total nobody knows and a star there is
  /// none of, as every table does; TSV leaves those cells empty.
  @Test func compareSaysUnknownInItsTableAndLeavesTSVCellsEmpty() throws {
    let squad = SquadProcess(environment: ["NO_COLOR": "1"])
    try squad.home.write(#"[{"id":3000001,"name":"Nocount One"},{"id":3000002,"name":"Nocount Two"}]"#, to: "n.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("n.json"), "-q").status == 0)
    #expect(try squad.run("-q", "squads", "create", "x").status == 0)
    #expect(try squad.run("-q", "--squad", "x", "recruit", "3000001", "3000002", "--offline").status == 0)
    #expect(try squad.run("-q", "recruit", "thor", "--offline").status == 0)
    let table = try squad.run("squads", "compare", "x", "default", "--format", "table").stdout
    let rows = table.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    for measure in ["comics", "series", "stories", "events", "star"] {
      let row = try #require(rows.first { $0.first.map(String.init) == measure }, "\(table)")
      #expect(row.count >= 3 && row[1] == "unknown", "\(measure): \(table)")
    }
    let tsv = try squad.run("squads", "compare", "x", "default", "--format", "tsv").stdout
    #expect(tsv.contains("\ncomics\t\t"), "\(tsv)")
    #expect(tsv.contains("\nstar\t\t"), "\(tsv)")
    #expect(!tsv.contains("\tunknown"), "\(tsv)")
  }

  /// `--fields` completion offers only fields not yet listed: a completed value is never refused.
  @Test func fieldsCompletionLeavesOutFieldsAlreadyListed() throws {
    let squad = SquadProcess()
    for command in [["list"], ["squads"], ["export"]] {
      let offered = try squad.run(arguments: ["__complete", "--"] + command + ["--fields", "name,comics,"]).stdout
      let candidates = offered.split(separator: "\n").dropFirst().map(String.init)
      #expect(!candidates.isEmpty, "\(command): \(offered)")
      for candidate in candidates {
        #expect(!candidate.hasSuffix(",name") && !candidate.hasSuffix(",comics"), "\(command): \(candidate)")
        let run = try squad.run(arguments: command + ["--fields", candidate, "--offline"])
        #expect(run.status != 64, "\(command) \(candidate): \(run.stderr)")
      }
    }
  }

  /// `squad squad …` means the command `squads`, never the option `--squad`; a sub-command typed
  /// alone is offered as its command's (`compare`: `squads compare`).
  @Test func commandSuggestionsAreCommandsAndSubCommandsTheirCommands() throws {
    let squad = SquadProcess()
    for line in [["squad", "list"], ["squad"]] {
      let run = try squad.run(arguments: line)
      #expect(run.status == 64)
      #expect(run.stderr.hasPrefix("Error: Unknown command 'squad'. Did you mean 'squads'?\n"), "\(run.stderr)")
    }
    for sub in ["create", "delete", "rename", "edit", "restore", "compare"] {
      let run = try squad.run(sub, "x", "y")
      #expect(run.status == 64)
      #expect(run.stderr.hasPrefix("Error: Unknown command '\(sub)'. Did you mean 'squads \(sub)'?\n"), "\(run.stderr)")
    }
    #expect(try squad.run("check").stderr.hasPrefix("Error: Unknown command 'check'. Did you mean 'catalogue check'?"))
    // A flag's name without its dashes is still that flag.
    #expect(try squad.run("version").stderr.hasPrefix("Error: Unknown command 'version'. Did you mean '--version'?"))
  }

  /// README's tour quotes a name with spaces; unquoted, `show` says how to quote it.
  @Test func showOfAnUnquotedNameWithSpacesSaysToQuoteIt() throws {
    let squad = SquadProcess()
    let run = try squad.run("show", "spider", "man", "--offline")
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "Error: Unexpected argument 'man'. A name with spaces is quoted: squad show 'spider man'.\n"), "\(run.stderr)")
    let readme = try String(contentsOf: Fixture.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("$ squad show 'spider man'"))
    #expect(!readme.contains("$ squad show spider man"))
  }

  /// A name more than 100 heroes start with is counted whole, and its candidates are the ten with
  /// the most comics of all of them, not of the first 100 by name.
  @Test func anAmbiguousNameOfManyHeroesCountsAndRanksThemAll() throws {
    let squad = SquadProcess()
    let all = try squad.run("heroes", "s", "--all", "--fields", "id,comics", "--offline").stdout
    let heroes = all.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(heroes.count > 100)
    let most = heroes.max { Int($0[1]) ?? -1 < Int($1[1]) ?? -1 }.map { String($0[0]) }
    let shown = try squad.run("show", "s", "--offline")
    #expect(shown.status == 3)
    let lines = shown.stderr.split(separator: "\n")
    #expect(lines.first?.hasPrefix("Error: 's' matches \(heroes.count) heroes;") == true, "\(shown.stderr)")
    #expect(lines.dropFirst().first?.hasPrefix("  \(most ?? "none")\t") == true, "\(shown.stderr)")
  }

  /// A member the catalogue now names otherwise is named as the squad names them in every row and
  /// format of `squads compare`, as `list` names them.
  @Test func compareNamesEachMemberAsTheSquadDoesInEveryRowAndFormat() throws {
    let squad = SquadProcess()
    #expect(try squad.run("-q", "recruit", "thor", "hulk", "--offline").status == 0)
    try squad.home.write(
      #"[{"id":1009664,"name":"Thunder God","modified":"2030-01-01T00:00:00Z","comics":{"available":9000}}]"#,
      to: "renamed.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("renamed.json"), "-q").status == 0)
    let tsv = try squad.run("squads", "compare", "default", "default", "--offline").stdout
    #expect(tsv.contains("\nstar\tThor (9,000 comics)\tThor (9,000 comics)\n"), "\(tsv)")
    #expect(!tsv.contains("Thunder God"), "\(tsv)")
    let json = try squad.run("squads", "compare", "default", "default", "--json", "--offline").stdout
    #expect(json.contains(#""name":"Thor""#) && !json.contains("Thunder God"), "\(json)")
    #expect(try squad.run("list").stdout.contains("\tThor\t"))
  }

  /// A typo in a fan spelling finds what the spelling without the typo finds.
  @Test func didYouMeanTriesTheShortFormsSpeltOut() throws {
    let squad = SquadProcess()
    for (typed, meant) in [
      ("capt amerca", "Captain America"), ("dr strnge", "Doctor Strange"), ("dr. octopuss", "Doctor Octopus"),
    ] {
      let shown = try squad.run("show", typed, "--offline")
      #expect(shown.status == 3)
      let first = shown.stderr.split(separator: "\n").dropFirst().first.map { $0.split(separator: "\t")[1] }
      #expect(first == meant[...], "\(typed): \(shown.stderr)")
    }
  }

  /// `fire <TAB>` lists members the most comics first, and one whose name starts with '-' (an
  /// option, to the parser) as its id.
  @Test func fireCompletionOrdersMembersByComicsAndOffersADashNameAsItsId() throws {
    let squad = SquadProcess()
    try squad.home.write(
      #"[{"id":3000011,"name":"-Minus","modified":"2030-01-01T00:00:00Z","comics":{"available":1}}]"#, to: "minus.json")
    #expect(try squad.run("catalogue", "import", squad.home.file("minus.json"), "-q").status == 0)
    #expect(try squad.run("-q", "recruit", "--offline", "--", "-Minus", "1009610", "thor").status == 0)
    let offered = try squad.run("__complete", "--", "fire", "").stdout.split(separator: "\n").map(String.init)
    #expect(offered == ["names", "Spider-Man (Peter Parker)", "Thor", "3000011\t-Minus, 1 comic"], "\(offered)")
    #expect(try squad.run("fire", "3000011", "--yes", "-q", "--offline").status == 0)
  }

  /// The start of a command means it; words people use for the strength feature name its commands.
  @Test func aCommandsStartAndTheFeaturesOwnWordsSuggestIt() throws {
    let squad = SquadProcess()
    let expected = [
      "hist": "history", "del": "fire", "team": "squads", "stats": "squads", "rank": "show", "man": "help --man",
    ]
    for (typed, meant) in expected {
      let run = try squad.run(typed, "x")
      #expect(run.status == 64)
      #expect(run.stderr.hasPrefix("Error: Unknown command '\(typed)'. Did you mean '\(meant)'?\n"), "\(run.stderr)")
    }
  }

  /// Near misses are looked for for the first ten names not found only: each look reads every
  /// hero, and a list of thousands of typos must not cost thousands of reads.
  @Test func onlyTheFirstTenNamesNotFoundGetADidYouMean() throws {
    let squad = SquadProcess()
    let typos = ["storn", "hulx", "thoe", "spidr", "wolvrine", "cyclopz", "gambti", "roque", "magnetp", "deadpol"]
    let last = "daredevul"
    let alone = try squad.run("show", last, "--offline")
    #expect(alone.stderr.hasPrefix("Error: No hero is named '\(last)'. Did you mean one of these?"), "\(alone.stderr)")
    let many = try squad.run(arguments: ["recruit", "--offline"] + typos + [last])
    #expect(many.status == 3)
    #expect(many.stderr.hasPrefix("Error: 11 of the heroes named"), "\(many.stderr)")
    #expect(
      many.stderr.contains("  No hero is named '\(last)'. Try 'squad heroes <prefix>' to search.\n"), "\(many.stderr)")
  }

  /// The id as `show` prints it (`Iron Man  #1009368`) is taken back as that id.
  @Test func theIdAsShowPrintsItIsTakenBack() throws {
    let squad = SquadProcess()
    let card = try squad.run("show", "iron man", "--offline", "--format", "table").stdout
    let title = try #require(card.split(separator: "\n").first)
    let shownID = try #require(title.split(separator: " ").last.map(String.init))
    #expect(shownID.hasPrefix("#"), "\(title)")
    let again = try squad.run("show", shownID, "--offline", "--format", "table")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasPrefix(String(title)), "\(again.stdout)")
    #expect(try squad.run("recruit", shownID, "-q", "--offline").status == 0)
    #expect(try squad.run("list").stdout.hasPrefix(shownID.dropFirst() + "\tIron Man\t"))
  }

  /// `squads compare` parts the members in both with `; `, since names hold commas.
  @Test func compareKeepsNamesWithCommasApart() throws {
    let squad = SquadProcess(environment: ["NO_COLOR": "1"])
    let names = ["thor", "bob, agent of hydra", "janus, the nega-man", "spider-man (peter"]
    #expect(try squad.run(arguments: ["-q", "recruit", "--offline"] + names).status == 0)
    #expect(try squad.run("-q", "squads", "create", "av").status == 0)
    #expect(try squad.run(arguments: ["-q", "--squad", "av", "recruit", "--offline"] + names).status == 0)
    let tsv = try squad.run("squads", "compare", "default", "av", "--offline").stdout
    let both = try #require(tsv.split(separator: "\n").first { $0.hasPrefix("in both\t") })
    let cell = both.split(separator: "\t")[1]
    #expect(cell.components(separatedBy: "; ").count == names.count, "\(both)")
    #expect(cell.contains("; Bob, Agent of Hydra; "), "\(both)")
    let table = try squad.run("squads", "compare", "default", "av", "--offline", "--format", "table").stdout
    #expect(table.contains("In both: Thor; Bob, Agent of Hydra; "), "\(table)")
  }

  /// Commands that name no squad ignore `SQUAD_NAME` whatever it holds; the others refuse a value
  /// that is no squad name, as they refuse `--squad` with it.
  @Test func commandsThatNameNoSquadIgnoreAnInvalidSquadName() throws {
    let squad = SquadProcess(environment: ["SQUAD_NAME": "My Squad"])
    for line in [["show", "thor"], ["squads"], ["squads", "compare", "default", "default"], ["catalogue"]] {
      let run = try squad.run(arguments: line + ["--offline"])
      #expect(run.status == 0, "\(line): \(run.stderr)")
    }
    let list = try squad.run("list")
    #expect(list.status == 64 && list.stderr.contains("'My Squad' is not a squad name"), "\(list.stderr)")
    #expect(try squad.run("--squad", "My Squad", "squads").status == 64, "a flag given is never ignored")
  }

  /// A rename killed before its folder moved never happened, so `squads` does not give its time as
  /// the squad's last change: the change before it, as `history` says.
  @Test(.enabled(if: CLIProcess.which("strace") != nil, "strace is needed to kill a rename at its folder's move"))
  func squadsLastChangeLeavesOutARenameThatNeverHappened() throws {
    let squad = SquadProcess()
    #expect(try squad.run("-q", "squads", "create", "b").status == 0)
    #expect(try squad.run("-q", "--squad", "b", "recruit", "thor", "--offline").status == 0)
    // The entries dated long ago, so the killed rename's time (now) cannot pass for theirs.
    let history = squad.home.file("squads/b/history.jsonl")
    let dated = try String(contentsOfFile: history, encoding: .utf8).replacing(
      #/"at":"[^"]+"/#, with: #""at":"2020-01-02T03:04:05Z""#)
    try dated.write(toFile: history, atomically: false, encoding: .utf8)
    let folder = squad.home.file("squads/b")
    _ = try CLIProcess.execute(
      try #require(CLIProcess.which("strace")),
      ["-f", "-qq", "-o", "/dev/null", "-P", folder, "-e", "trace=rename", "-e", "inject=rename:signal=SIGKILL"]
        + [SquadProcess.binary, "squads", "rename", "b", "c"],
      environment: squad.environment, directory: nil)
    #expect(FileManager.default.fileExists(atPath: folder), "the rename was killed before the folder moved")
    #expect(try String(contentsOfFile: history, encoding: .utf8).contains(#""kind":"rename""#))
    let squads = try squad.run("squads", "--fields", "name,lastChange", "--format", "tsv").stdout
    #expect(squads.contains("b\t2020-01-02T03:04:05Z\n"), "\(squads)")
  }
}
