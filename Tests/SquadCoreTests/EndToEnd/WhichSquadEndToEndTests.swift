import Foundation
import Testing

/// Issue 21 item 10, with the real binary: with `--squad` or `SQUAD_NAME`, what squad commands
/// say names the squad; the default squad keeps its words.
@Suite struct WhichSquadEndToEndTests {
  let squad = SquadProcess(environment: ["SQUAD_OFFLINE": "1"])

  init() throws {
    #expect(try squad.run("squads", "create", "avengers", "--max", "6").status == 0)
  }

  @Test func recruitFireUndoAndListNameANamedSquad() throws {
    #expect(
      try squad.run("--squad", "avengers", "recruit", "thor", "hulk").stderr
        == "Recruited Thor and Hulk into avengers.\n")
    #expect(
      try squad.run("--squad", "avengers", "recruit", "thor").stderr
        == "Thor is already in avengers; nothing changed for them.\n")
    var scripted = squad
    scripted.environment["SQUAD_NAME"] = "avengers"
    #expect(try scripted.run("fire", "thor", "--yes").stderr == "Fired Thor from avengers.\n")
    #expect(try scripted.run("fire", "thor", "--yes").stderr == "Thor is not in avengers; nothing changed for them.\n")
    #expect(try scripted.run("undo").stderr == "Undid 1 change in avengers.\nRecruited Thor into avengers.\n")
    let listed = try squad.runOnTerminal(["--squad", "avengers", "list"])
    #expect(listed.stdout.contains("avengers: 2 members (at most 6)\n"), "\(listed.stdout)")
    #expect(try squad.run("--squad", "avengers", "list").stderr.isEmpty, "a pipe gets the data only")
    #expect(try squad.run("recruit", "thor").stderr == "Recruited Thor.\n", "the default squad's words")
    #expect(try squad.run("fire", "thor", "--yes").stderr == "Fired Thor.\n")
    #expect(!(try squad.runOnTerminal(["list"]).stdout.contains("default")))
  }

  @Test func commandsThatNameNoSquadIgnoreAnInvalidSquadName() throws {
    var scripted = squad
    scripted.environment["SQUAD_NAME"] = "My Squad"
    for command in [["show", "thor"], ["squads"], ["squads", "compare", "default", "avengers"], ["catalogue"]] {
      let result = try scripted.run(arguments: command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("not a squad name"), "\(command): \(result.stderr)")
    }
    #expect(try scripted.run("list").status == 64, "a command that uses it still refuses it")
    #expect(try squad.run("--squad", "My Squad", "show", "thor").status == 64, "the flag is always checked")
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"))
  func theFireQuestionNamesTheSquad() throws {
    #expect(try squad.run("--squad", "avengers", "recruit", "thor").status == 0)
    let fired = try PseudoTerminal.run(
      ["--squad", "avengers", "fire", "thor"], home: squad.home.path, environment: ["TERM": "dumb"], answer: "y\n")
    #expect(fired.status == 0, "\(fired.stderr)")
    #expect(fired.stdout.contains("Fire Thor from avengers? [y/N]"), "\(fired.stdout)")
    #expect(fired.stderr.contains("Fired Thor from avengers."))
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a terminal"))
  func pickNamesTheSquadOnItsStatusLine() throws {
    let session = try PickTerminal.run(
      ["--squad", "avengers", "pick", "hulk"], home: squad.home.path,
      steps: [
        .wait("Filter: hulk"), .wait("avengers: 0/6 · +0 to recruit"), .type(" "), .wait("avengers: 1/6 · +1"),
        .type("\r"),
      ])
    #expect(session.exit == 0, "\(session.stderr ?? "") \(session.screen)")
    #expect(session.stderr == "Recruited Hulk into avengers.\n")
  }
}
