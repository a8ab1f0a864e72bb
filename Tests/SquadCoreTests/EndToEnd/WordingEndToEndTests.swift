import Foundation
import Testing

@testable import SquadCore

/// Issue 21, item 7: counts agree with their nouns, an empty squad is called empty, and
/// `catalogue reset` says what it really does (bundled heroes revert) and asks nothing when there
/// is nothing to do.
@Suite struct WordingEndToEndTests {
  @Test func showSaysOneEventNotOneEvents() throws {
    // Baroness S'Bak appears in one comic, one series, one story and one event.
    let shown = try SquadProcess().run("show", "1011137", "--offline", "--format", "table")
    #expect(shown.status == 0)
    #expect(shown.stdout.contains("1 comic, 1 series, 1 story, 1 event\n"), "\(shown.stdout)")
  }

  @Test func aNameEndingInAFullStopEndsTheSentenceOnce() throws {
    let squad = SquadProcess()
    #expect(try squad.run("recruit", "1009144", "--offline").stderr == "Recruited A.I.M.\n")
    #expect(try squad.run("fire", "1009144", "--yes").stderr == "Fired A.I.M.\n")
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to answer on a pseudo-terminal"))
  func deletingAnEmptySquadCallsItEmpty() throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["squads", "create", "team", "-q"], home: home.path).status == 0)
    let asked = try PseudoTerminal.run(["squads", "delete", "team"], home: home.path, mergeStderr: true, answer: "n\n")
    #expect(asked.stdout.contains("Delete the empty squad 'team'? [y/N]"), "\(asked.stdout)")
    let deleted = try CLIProcess.run(["squads", "delete", "team", "--yes"], home: home.path)
    #expect(deleted.stderr.hasPrefix("Deleted the empty squad 'team'. It is set aside"), "\(deleted.stderr)")
  }

  /// The squad asked about, not whichever holds its name at the answer: another squad renamed to
  /// it while the question waited is refused (exit 1) and kept.
  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to answer on a pseudo-terminal"))
  func aConfirmedDeletionRefusesASquadRenamedToTheNameWhileTheQuestionWaited() throws {
    let squad = SquadProcess()
    #expect(try squad.run("squads", "create", "team", "-q").status == 0)
    #expect(try squad.run("squads", "create", "other", "-q").status == 0)
    #expect(try squad.run("--squad", "other", "recruit", "hulk", "--offline", "-q").status == 0)
    let asked = try PseudoTerminal.run(
      ["squads", "delete", "team"], home: squad.home.path, mergeStderr: true, ctrlCAfter: "[y/N] ", key: "y\n",
      meanwhile: [["squads", "rename", "team", "aside"], ["squads", "rename", "other", "team"]])
    #expect(asked.status == 1, "\(asked.stdout)")
    #expect(asked.stdout.contains("Delete the empty squad 'team'? [y/N]"), "\(asked.stdout)")
    #expect(asked.stdout.contains("changed while the question waited, so nothing was changed"), "\(asked.stdout)")
    #expect(try squad.run("--squad", "team", "list").lines.count == 1, "the renamed squad keeps its member")
    #expect(try squad.run("squads", "--fields", "name").lines == ["default", "aside", "team"])
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to answer on a pseudo-terminal"))
  func resetSaysWhichHeroesRevertAndAsksNothingWhenThereIsNothingToDo() throws {
    let home = TemporaryDirectory()
    let nothing = try PseudoTerminal.run(["catalogue", "reset"], home: home.path, mergeStderr: true, answer: "y\n")
    #expect(nothing.status == 0)
    #expect(!nothing.stdout.contains("[y/N]"), "\(nothing.stdout)")
    #expect(nothing.stdout.contains("there is nothing to reset"), "\(nothing.stdout)")
    #expect(try home.listing() == [], "nothing was written")

    // The archive updates Squirrel Girl, who is bundled, and adds six heroes and three comics.
    let archive = CatalogueEndToEndTests.archive
    #expect(try CLIProcess.run(["catalogue", "import", archive, "-q"], home: home.path).status == 0)
    let asked = try PseudoTerminal.run(["catalogue", "reset"], home: home.path, mergeStderr: true, answer: "n\n")
    #expect(
      asked.stdout.contains(
        "Revert 1 hero to the bundled version and drop 6 heroes and 3 comics, keeping only the bundled set? [y/N]"),
      "\(asked.stdout)")
    let reset = try CLIProcess.run(["catalogue", "reset", "--yes"], home: home.path)
    #expect(reset.stderr == "The local catalogue now holds the bundled set only (1,564 heroes).\n")
  }
}
