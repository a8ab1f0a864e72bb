import Foundation
import Testing

@testable import SquadCore

/// Issue 21 item 1, with the real binary: a named squad exists before it is used. A command that
/// names one that does not exist changes and creates nothing, exits 1, suggests the nearest name
/// and says how to create it; `squads create` is the one way a squad is made.
@Suite struct SquadMustExistEndToEndTests {
  let squad = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])

  init() throws {
    #expect(try squad.run("squads", "create", "avengers").status == 0)
    #expect(try squad.run("recruit", "hulk").status == 0)
    try squad.home.write(try squad.run("export").stdout, to: "export.json")
  }

  static let refusal =
    "Error: There is no squad named 'avengrs'. Did you mean 'avengers'? Create it with "
    + "'squad squads create avengrs', or see 'squad squads'."

  @Test func aMistypedSquadChangesNothingSuggestsTheNearestAndHowToCreateIt() throws {
    let before = try squad.home.snapshot()
    let recruit = try squad.run("--squad", "avengrs", "recruit", "hulk")
    #expect(recruit.status == 1)
    #expect(recruit.stderrLines == [Self.refusal])
    var scripted = squad
    scripted.environment["SQUAD_NAME"] = "avengrs"
    let variable = try scripted.run("recruit", "hulk")
    #expect(variable.status == 1)
    #expect(variable.stderrLines.first?.hasPrefix("Error: There is no squad named 'avengrs' (SQUAD_NAME).") == true)
    #expect(try squad.home.snapshot() == before, "no folder, no lock file")
    #expect(try squad.run("squads", "create", "avengrs").status == 0)
    #expect(try squad.run("--squad", "avengrs", "recruit", "hulk").stderr == "Recruited Hulk into avengrs.\n")
  }

  @Test func everyCommandThatNamesASquadRefusesOneThatDoesNotExist() throws {
    let lines: [String: [String]] = [
      "heroes": ["heroes", "hulk"], "recruit": ["recruit", "hulk"], "fire": ["fire", "hulk", "--yes"],
      "pick": ["pick"], "list": ["list"], "export": ["export"], "import": ["import", squad.home.file("export.json")],
      "history": ["history"], "undo": ["undo"], "redo": ["redo"],
    ]
    let named = CommandRegistry.allCommands.filter(\.usesSquad).map(\.fullName)
    #expect(Set(named) == Set(lines.keys), "each command that names a squad is tried here")
    let before = try squad.home.snapshot()
    for (command, line) in lines {
      let result = try squad.run(arguments: ["--squad", "avengrs"] + line)
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stderrLines == [Self.refusal], "\(command)")
      #expect(result.stdout.isEmpty, "\(command)")
    }
    #expect(try squad.home.snapshot() == before)
    for line in [["show", "hulk"], ["squads"], ["catalogue"]] {
      #expect(try squad.run(arguments: ["--squad", "avengrs"] + line).status == 0, "\(line) names no squad")
    }
  }

  @Test func aSquadDeletedAfterTheCheckIsNotCreatedAgain() throws {
    // The recruit checks the squad, looks Hulk up, then waits for the set's lock, which the test
    // holds while it deletes the squad as 'squads delete' does (one rename of its folder).
    var lock: FileLock? = try FileLock(path: squad.home.file("squads.lock"))
    let running = try RunningCLI(["--squad", "avengers", "recruit", "hulk", "--trace"], home: squad.home.path)
    #expect(running.waitForStderr(containing: "\"action\":\"heroesResolved\""))
    try FileManager.default.moveItem(atPath: squad.home.file("squads/avengers"), toPath: squad.home.file("gone"))
    withExtendedLifetime(lock) { lock = nil }
    #expect(
      running.waitForStderr(containing: "The squad 'avengers' was deleted, renamed or replaced while this command ran"))
    #expect(running.wait().status == 1)
    #expect(!FileManager.default.fileExists(atPath: squad.home.file("squads/avengers")))
  }

  /// A fire answered yes after its squad was renamed, deleted or replaced while the question
  /// waited fires nobody and says so (exit 1), as recruit and pick do: never "not in avengers;
  /// nothing changed" with exit 0 while Hulk is still a member where the squad went.
  @Test(
    .enabled(if: PseudoTerminal.isAvailable, "python3 is needed to answer on a pseudo-terminal"),
    arguments: [
      [["squads", "rename", "avengers", "heroes"]], [["squads", "delete", "avengers", "--yes"]],
      [["squads", "delete", "avengers", "--yes"], ["squads", "create", "avengers"]],
    ])
  func aFireConfirmedAfterItsSquadWentMeanwhileFiresNobodyAndSaysSo(meanwhile: [[String]]) throws {
    #expect(try squad.run("--squad", "avengers", "recruit", "hulk", "thor").status == 0)
    let asked = try PseudoTerminal.run(
      ["--squad", "avengers", "fire", "hulk"], home: squad.home.path, environment: ["SQUAD_OFFLINE": "1"],
      mergeStderr: true, ctrlCAfter: "[y/N] ", key: "y\n", meanwhile: meanwhile)
    #expect(asked.status == 1, "\(meanwhile): \(asked.stdout)")
    #expect(asked.stdout.contains("Fire Hulk from avengers? [y/N]"), "\(asked.stdout)")
    #expect(
      asked.stdout.contains("The squad 'avengers' was deleted, renamed or replaced while this command ran"),
      "\(meanwhile): \(asked.stdout)")
    #expect(!asked.stdout.contains("not in"), "\(asked.stdout)")
    if meanwhile[0][1] == "rename" {
      #expect(try squad.run("--squad", "heroes", "list", "--fields", "name").lines == ["Hulk", "Thor"])
    } else if meanwhile.count == 2 {
      #expect(try squad.run("--squad", "avengers", "list").lines.isEmpty, "the new squad of the name is untouched")
      #expect(try squad.run("--squad", "avengers", "history").lines.count == 1, "its creation only")
    } else {
      #expect(try squad.run("squads", "restore", "avengers").status == 0)
      #expect(try squad.run("--squad", "avengers", "list", "--fields", "name").lines == ["Hulk", "Thor"])
    }
  }
}
