import Foundation
import Testing

@testable import SquadCore

/// Issue 12's completion with the real binary and real shells: `fire <TAB>` offers the members
/// of the squad `--squad` (or `SQUAD_NAME`) selects, and `squads rename|delete` never offer
/// `default`, which they refuse. (The zsh script asks the binary the same way: see
/// `OtherShellCompletionTests`.)
@Suite struct NamedSquadsCompletionEndToEndTests {
  let squad = SquadProcess()

  init() throws {
    #expect(try squad.run("recruit", "hulk").status == 0)
    #expect(try squad.run("squads", "create", "team").status == 0)
    #expect(try squad.run("--squad", "team", "recruit", "wolverine").status == 0)
  }

  private func bash(_ words: [String], adding extra: [String: String] = [:]) throws -> [String] {
    let script = """
      eval "$(squad completion bash)" || exit 3
      COMP_WORDS=(\(words.map(ShellScript.quoted).joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      _squad
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try CLIProcess.execute(
      try #require(CLIProcess.which("bash")), ["--norc", "--noprofile", "-c", script],
      environment: CLIProcess.environment(
        home: squad.home.path, adding: ["SQUAD_HOME": squad.home.path].merging(extra) { $1 }),
      directory: squad.home.path)
    #expect(result.status == 0, "\(result.stderr)")
    return result.lines.filter { !$0.isEmpty }
  }

  @Test(.enabled(if: CLIProcess.which("bash") != nil, "bash is not installed"))
  func bashCompletesTheMembersOfTheSelectedSquad() throws {
    #expect(try bash(["squad", "--squad", "team", "fire", ""]) == ["Wolverine"])
    #expect(try bash(["squad", "--squad", "=", "team", "fire", ""]) == ["Wolverine"])
    #expect(try bash(["squad", "fire", ""]) == ["Hulk"])
    #expect(try bash(["squad", "fire", ""], adding: ["SQUAD_NAME": "team"]) == ["Wolverine"])
    #expect(try bash(["squad", "squads", "delete", ""]) == ["team"])
    #expect(try bash(["squad", "--squad", ""]) == ["default", "team"])
  }

  @Test(.enabled(if: CLIProcess.which("fish") != nil, "fish is not installed; its script is not checked here"))
  func fishCompletesTheMembersOfTheSelectedSquad() throws {
    let script = """
      squad completion fish > squad.fish; and source squad.fish; or exit 3
      complete -C'squad --squad team fire '
      complete -C'squad fire '
      complete -C'squad squads delete '
      """
    let result = try CLIProcess.execute(
      try #require(CLIProcess.which("fish")), ["-c", script],
      environment: CLIProcess.environment(home: squad.home.path, adding: ["SQUAD_HOME": squad.home.path]),
      directory: squad.home.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.filter { !$0.isEmpty } == ["Wolverine", "Hulk", "team"], "\(result.stdout)")
  }

  @Test func theSquadTheLineNamesIsTheOneCompletionReads() throws {
    #expect(try squad.run("__complete", "--", "--squad", "team", "fire", "").stdout == "names\nWolverine\n")
    #expect(try squad.run("__complete", "--", "--squad=team", "fire", "").stdout == "names\nWolverine\n")
    #expect(try squad.run("__complete", "--", "--squad", "'team'", "fire", "").stdout == "names\nWolverine\n")
    #expect(try squad.run("__complete", "--", "fire", "").stdout == "names\nHulk\n")
    #expect(try squad.run("__complete", "--", "squads", "delete", "").stdout == "names\nteam\n")
  }
}
