import Foundation
import Testing

@testable import SquadCore

private let straceForRaces = CLIProcess.which("strace")

/// A squad deleted or renamed while a command reads it (the tenth attack's F15 and F16), made
/// deterministic with `strace -e inject`: the open of its squad.json fails with ENOENT, what the
/// open finds when the squad's folder moved away after the command found the squad. A read
/// never takes the squad for an empty one.
@Suite(.enabled(if: straceForRaces != nil, "strace is needed to make the race deterministic (not installed)"))
struct ReadRacesEndToEndTests {
  /// A home with the squad `b` holding Thor and Hulk.
  func homeWithSquadB() throws -> SquadProcess {
    let squad = SquadProcess()
    #expect(try squad.run("squads", "create", "b").status == 0)
    #expect(try squad.run("--squad", "b", "recruit", "thor", "hulk", "-q").status == 0)
    return squad
  }

  /// `squad` run with the opens of b's squad.json failing as if it were gone: the first open
  /// only when `when` is "1", every one when it is "1+".
  func runWithBGone(_ squad: SquadProcess, when: String = "1", arguments: [String]) throws -> CLIResult {
    let path = squad.home.file("squads/b/squad.json")
    let faults = ["-P", path, "-e", "trace=openat", "-e", "inject=openat:error=ENOENT:when=\(when)"]
    return try CLIProcess.execute(
      try #require(straceForRaces), ["-f", "-qq", "-o", "/dev/null"] + faults + [SquadProcess.binary] + arguments,
      environment: squad.environment, directory: nil)
  }

  @Test(arguments: [["list"], ["list", "--json"], ["export"], ["export", "--format", "jsonl"], ["heroes", "thor"]])
  func aSquadGoneMidReadIsAnErrorNotAnEmptySquad(command: [String]) throws {
    let squad = try homeWithSquadB()
    let result = try runWithBGone(squad, arguments: ["--squad", "b"] + command)
    #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
    #expect(
      result.stderr.contains("The squad 'b' was deleted or renamed while this command read it"), "\(result.stderr)")
    #expect(!result.stderr.contains("empty"), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
  }

  @Test func anExportToAFileLeavesTheBackupWhenTheSquadGoesMidRead() throws {
    let squad = try homeWithSquadB()
    let backup = squad.home.file("b-backup.json")
    #expect(try squad.run("--squad", "b", "export", "--output", backup, "-q").status == 0)
    let before = try #require(squad.home.contents("b-backup.json"))
    let result = try runWithBGone(squad, arguments: ["--squad", "b", "export", "--output", backup])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(!result.stderr.contains("Exported"), "\(result.stderr)")
    #expect(squad.home.contents("b-backup.json") == before, "the good backup is untouched")
    #expect(String(decoding: before, as: UTF8.self).contains("\"id\": 1009351"), "it held Hulk")
  }
}
