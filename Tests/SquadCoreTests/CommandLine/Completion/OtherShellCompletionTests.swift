import Foundation
import Testing

@testable import SquadCore

/// The zsh and fish scripts, checked by the real shells when this machine has them (they are
/// optional: the tests say so and skip otherwise).
@Suite struct OtherShellCompletionTests {
  func shell(_ name: String, _ script: String, home: TemporaryDirectory) throws -> CLIResult {
    try CLIProcess.execute(
      try #require(CLIProcess.which(name)), ["-c", script],
      environment: CLIProcess.environment(home: home.path, adding: ["SQUAD_HOME": home.path]),
      directory: home.path)
  }

  @Test(.enabled(if: CLIProcess.which("zsh") != nil, "zsh is not installed; its script is not checked here"))
  func theZshScriptParsesAndRegistersWithCompinit() throws {
    let home = TemporaryDirectory()
    let result = try shell(
      "zsh",
      "squad completion zsh > _squad && zsh -n _squad && autoload -U compinit && compinit -u -d compdump "
        + "&& source ./_squad && print -r -- $_comps[squad]", home: home)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "_squad\n")
  }

  @Test(.enabled(if: CLIProcess.which("fish") != nil, "fish is not installed; its script is not checked here"))
  func theFishScriptCompletesCommandsAndHeroes() throws {
    let home = TemporaryDirectory()
    try home.save(Squad(members: [SampleSquad.squad.members[2]]))
    let script = """
      squad completion fish > squad.fish; and fish --no-execute squad.fish; or exit 3
      source squad.fish
      complete -C'squad rec'
      complete -C'squad recruit spider-man\\ \\(pe'
      complete -C'squad fire '
      complete -C'squad export --format m'
      """
    let result = try shell("fish", script, home: home)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.lines == [
        "recruit\tAdd heroes to the squad.", "Spider-Man (Peter Parker)", "Iron Man",
        "markdown\tjson, jsonl, csv, tsv or markdown. (default: json)",
      ])
  }
}
