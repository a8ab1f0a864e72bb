import Foundation
import Testing

@testable import SquadCore

/// `squad pick` while other processes change the squad, and its help on a small screen: the real
/// binary on a pseudo-terminal.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal"))
struct PickSquadChangesEndToEndTests {
  func squad(_ home: TemporaryDirectory, _ arguments: [String]) -> [String] {
    [CLIProcess.binary.path, "--home", home.path] + arguments
  }

  @Test func aRecruitElsewhereShowsWithinASecondAndItsMarkIsDropped() throws {
    let home = TemporaryDirectory()
    let session = try PickTerminal.run(
      ["pick", "thor"], home: home.path,
      steps: [
        .wait("Filter: thor"), .type(" "), .wait("+1 to recruit"), .run(squad(home, ["recruit", "1009664", "-q"])),
        .wait("Squad changed elsewhere; 1 mark dropped (done)."), .wait("* 1009664"), .type("\r"),
      ])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 0)
    #expect(session.stderr == "Nothing picked; the squad is unchanged.\n", "\(session.stderr ?? "")")
    let history = try CLIProcess.run(["history"], home: home.path)
    #expect(history.lines.count == 1, "only the other process's recruit: \(history.stdout)")
  }

  @Test func aNamedSquadDeletedWhilePickingIsNotCreatedAgain() throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["squads", "create", "six", "--max", "6"], home: home.path).status == 0)
    let session = try PickTerminal.run(
      ["--squad", "six", "pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type(" "), .wait("+1 to recruit"), .run(squad(home, ["squads", "delete", "six", "--yes"])),
        .wait("Squad deleted elsewhere"), .type("\r"),
      ])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 1, "\(session.stderr ?? "")")
    #expect(session.stderr?.contains("The squad 'six' was deleted, renamed or replaced while this command ran") == true)
    #expect(session.settingsRestored == true)
    let squads = try CLIProcess.run(["squads"], home: home.path)
    #expect(!squads.stdout.contains("six"), "\(squads.stdout)")
  }

  @Test(arguments: [["squads", "delete", "six", "--yes"], ["squads", "rename", "six", "old"]])
  func aSquadThatTookTheNameWhilePickingIsNotSavedInto(away: [String]) throws {
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["squads", "create", "six", "--max", "6"], home: home.path).status == 0)
    let session = try PickTerminal.run(
      ["--squad", "six", "pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type(" "), .wait("+1 to recruit"), .run(squad(home, away)),
        .run(squad(home, ["squads", "create", "six", "--max", "2"])), .wait("elsewhere"), .type("\r"),
      ])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 1, "\(session.stderr ?? "")")
    #expect(session.stderr?.contains("The squad 'six' was deleted, renamed or replaced while this command ran") == true)
    let six = try CLIProcess.run(["--squad", "six", "list", "--json"], home: home.path)
    #expect(six.stdout.contains("\"members\":[]"), "the new squad is untouched: \(six.stdout)")
  }

  @Test func enterRefusesEvenWhenTheDeletionIsNotSeenBeforeIt() throws {
    // The deletion and Enter race: the save itself, under the lock, refuses to create the squad.
    let home = TemporaryDirectory()
    #expect(try CLIProcess.run(["squads", "create", "six", "--max", "6"], home: home.path).status == 0)
    let session = try PickTerminal.run(
      ["--squad", "six", "pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type(" "), .wait("+1 to recruit"), .run(squad(home, ["squads", "delete", "six", "-y"])),
        .type("\r"),
      ])
    #expect(session.exit == 1, "\(session.stderr ?? "")")
    #expect(!FileManager.default.fileExists(atPath: home.path + "/squads/six/squad.json"))
  }

  @Test func helpScrollsOnTheSmallestScreenAndSurvivesAResize() throws {
    let home = TemporaryDirectory()
    let session = try PickTerminal.run(
      ["pick"], home: home.path,
      steps: [
        .wait("Filter:"), .type("?"), .wait("Keys of squad pick"), .wait("1–8 of"), .type("\u{1B}[6~"),
        .wait("9–16 of"),
        .resize(rows: 5, columns: 20), .wait("Terminal too"), .resize(rows: 12, columns: 50), .wait("of squad pick"),
        .type("\u{1B}[F"), .wait("Ctrl-Z"), .type("x"), .wait("Filter:"), .type("\u{03}"),
      ], rows: 10, columns: 40)
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 130)
    #expect(session.overflow == 0, "no line ran past the right edge")
    #expect(session.settingsRestored == true)
  }
}
