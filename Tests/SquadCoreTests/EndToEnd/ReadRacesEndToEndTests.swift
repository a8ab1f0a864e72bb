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

extension ReadRacesEndToEndTests {
  /// The object named `name` in a JSON array of objects.
  func object(named name: String, in data: Data) throws -> [String: Any]? {
    let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    return array.first { $0["name"] as? String == name }
  }

  @Test func theListingIsReadAgainWhenASquadGoesMidRead() throws {
    let squad = try homeWithSquadB()
    let result = try runWithBGone(squad, arguments: ["squads", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let b = try #require(try object(named: "b", in: result.stdoutData), "\(result.stdout)")
    #expect(b["members"] as? Int == 2, "b read again, never 0 members: \(result.stdout)")
  }

  @Test func aSquadStillGoingAfterThreeListingsIsWarnedOfNotEmpty() throws {
    let squad = try homeWithSquadB()
    let result = try runWithBGone(squad, when: "1+", arguments: ["squads", "--json"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("The squad 'b' was deleted or renamed while this command read it"), "\(result.stderr)")
    let b = try object(named: "b", in: result.stdoutData)
    #expect(b?["members"] as? Int != 0, "never an empty squad: \(result.stdout)")
  }

  @Test func compareReadsTheSquadAgainOrFails() throws {
    let squad = try homeWithSquadB()
    let again = try runWithBGone(squad, arguments: ["squads", "compare", "default", "b", "--json"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains(#""name":"b","members":2,"#), "b read again: \(again.stdout)")
    let gone = try runWithBGone(squad, when: "1+", arguments: ["squads", "compare", "default", "b", "--json"])
    #expect(gone.status == 1, "\(gone.stdout)")
    #expect(gone.stderr.contains("The squad 'b' was deleted or renamed while this command read it"), "\(gone.stderr)")
    #expect(gone.stdout.isEmpty, "\(gone.stdout)")
  }

  @Test func showFindsTheHeroInASquadThatGoesMidRead() throws {
    let squad = try homeWithSquadB()
    let again = try runWithBGone(squad, arguments: ["show", "thor", "--json"])
    #expect(again.status == 0, "\(again.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: again.stdoutData) as? [String: Any])
    #expect(object["squads"] as? [String] == ["b"], "\(again.stdout)")
    let gone = try runWithBGone(squad, when: "1+", arguments: ["show", "thor", "--json"])
    #expect(gone.stderr.contains("Warning: The squad 'b' was deleted or renamed while this command read it"))
  }
}

extension ReadRacesEndToEndTests {
  /// The tenth attack's F23: a `squads rename` killed at its folder's move (strace's SIGKILL) leaves
  /// a "renamed from b" entry that `history` drops as never made; `squads` says the last change
  /// was the one before it, as `history` does.
  @Test func aRenameKilledBeforeItsMoveIsNotTheSquadsLastChange() throws {
    let squad = try homeWithSquadB()
    let folder = squad.home.file("squads/b")
    let calls = "rename,renameat,renameat2"
    let killed = try CLIProcess.execute(
      try #require(straceForRaces),
      ["-f", "-qq", "-o", "/dev/null", "-P", folder, "-e", "trace=\(calls)", "-e", "inject=\(calls):signal=SIGKILL"]
        + [SquadProcess.binary, "squads", "rename", "b", "c"],
      environment: squad.environment, directory: nil)
    #expect(killed.status != 0, "killed at the move: \(killed.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder + "/squad.json"), "b was not renamed")
    // The recruit is set back a day so its time cannot be the killed rename's by chance.
    let historyPath = folder + "/history.jsonl"
    var lines = try String(contentsOfFile: historyPath, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines.count == 3 && lines[2].contains(#""kind":"rename""#), "\(lines)")
    let recruitAt = "2020-01-02T03:04:05Z"
    lines[1] = lines[1].replacing(#/"at":"[^"]*"/#, with: #""at":"\#(recruitAt)""#)
    try (lines.joined(separator: "\n") + "\n").write(toFile: historyPath, atomically: false, encoding: .utf8)
    let history = try squad.run("--squad", "b", "history", "--json")
    #expect(
      history.stdout.hasPrefix(#"[{"sequence":2,"at":"\#(recruitAt)""#), "history drops the rename: \(history.stdout)")
    let b = try #require(try object(named: "b", in: try squad.run("squads", "--json").stdoutData))
    #expect(b["lastChange"] as? String == recruitAt, "\(b)")
  }
}
