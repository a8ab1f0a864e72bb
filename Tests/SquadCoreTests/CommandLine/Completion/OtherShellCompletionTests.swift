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

  /// What the zsh script offers for the words (the last being completed), run by a real zsh with
  /// the completion system's primitives (`compadd`, `_describe`, …) standing in as functions that
  /// print what they were given to offer.
  func zsh(_ words: [String], home: TemporaryDirectory) throws -> [String] {
    let script = """
      squad completion zsh > _squad || exit 3
      compdef() { : }
      compadd() {
        local -i unmatched=0
        while (( $# )) && [[ $1 != -- ]]; do [[ $1 == -U ]] && unmatched=1; shift; done; shift
        if (( unmatched )); then print -rl -- "$@"; else print -rl -- ${(M)@:#${(b)PREFIX}*}; fi
      }
      _describe() { local -a items=("${(@P)4}"); print -rl -- "${(@)items%%:*}" }
      _files() { print -r -- "(files after ${IPREFIX})" }
      _directories() { print -r -- '(folders)' }
      compset() { [[ $1 == -P ]] && IPREFIX=${PREFIX%%=*}= && PREFIX=${PREFIX#*=} }
      source ./_squad
      words=(\(words.map(ShellScript.quoted).joined(separator: " ")))
      CURRENT=${#words}
      PREFIX=${words[-1]}
      _squad
      """
    let result = try shell("zsh", script, home: home)
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return result.lines
  }

  @Test(.enabled(if: CLIProcess.which("zsh") != nil, "zsh is not installed; its script is not checked here"))
  func theZshScriptShowsTheIdsOfANameTwoHeroesShareWithTheirNamesAndComics() throws {
    let script = """
      squad completion zsh > _squad || exit 3
      compdef() { : }
      compadd() {
        local shown
        while (( $# )) && [[ $1 != -- ]]; do [[ $1 == -d ]] && { shown=$2; shift }; shift; done
        print -rl -- "${(@P)shown}"
      }
      source ./_squad
      words=(squad recruit 'jean grey')
      CURRENT=3
      PREFIX='jean grey'
      _squad
      """
    let result = try shell("zsh", script, home: TemporaryDirectory())
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    for id in ["1009327", "1009496"] {
      #expect(
        result.lines.contains { $0.hasPrefix(id + "  -- Jean Grey, ") && $0.hasSuffix(" comics") }, "\(result.lines)")
    }
  }

  @Test(.enabled(if: CLIProcess.which("zsh") != nil, "zsh is not installed; its script is not checked here"))
  func theZshScriptCompletesSubcommandsAndTheirOwnOptions() throws {
    let home = TemporaryDirectory()
    try home.save(Squad(members: [SampleSquad.squad.members[2]]))
    #expect(try zsh(["squad", "rec"], home: home) == ["recruit"])
    #expect(try zsh(["squad", "catalogue", ""], home: home) == ["import", "check", "reset"])
    #expect(try zsh(["squad", "squads", "d"], home: home) == ["delete"])
    #expect(
      try zsh(["squad", "help", "squads", ""], home: home) == [
        "create", "edit", "rename", "delete", "restore", "compare",
      ])
    let imports = try zsh(["squad", "catalogue", "import", "--"], home: home)
    #expect(imports.contains("--skip-invalid") && !imports.contains("--yes"))
    let reset = try zsh(["squad", "catalogue", "reset", "--"], home: home)
    #expect(reset.contains("--yes") && !reset.contains("--skip-invalid"))
    #expect(try zsh(["squad", "squads", "create", "--m"], home: home) == ["--max"])
    #expect(try zsh(["squad", "catalogue", "import", ""], home: home) == ["(files after )"])
    #expect(try zsh(["squad", "export", "--output=my"], home: home) == ["(files after --output=)"])
    #expect(try zsh(["squad", "export", "--fields", "id,re"], home: home) == ["id,recruitedAt"])
    let other = TemporaryDirectory()
    try other.save(Squad(members: [SampleSquad.squad.members[1]]))
    #expect(try zsh(["squad", "--home", "'\(other.path)'", "fire", ""], home: home) == ["Hulk"])
    #expect(try zsh(["squad", "recruit", "spider-man (pe"], home: home) == ["Spider-Man (Peter Parker)"])
    #expect(try zsh(["squad", "fire", ""], home: home) == ["Iron Man"])
    // A name two heroes share: their ids are inserted, each shown with its name and comics.
    let jean = try zsh(["squad", "recruit", "jean grey"], home: home)
    #expect(jean.contains("1009327") && jean.contains("1009496") && !jean.contains { $0.contains("\t") }, "\(jean)")
    #expect(try zsh(["squad", "export", "--format", "m"], home: home) == ["markdown"])
  }

  @Test(.enabled(if: CLIProcess.which("fish") != nil, "fish is not installed; its script is not checked here"))
  func theFishScriptCompletesSubcommandsAndTheirOwnOptions() throws {
    let home = TemporaryDirectory()
    let script = """
      squad completion fish | source; or exit 3
      complete -C'squad catalogue '
      echo ==
      complete -C'squad catalogue reset --'
      echo ==
      complete -C'squad squads create --'
      echo ==
      complete -C'squad help squads '
      """
    let result = try shell("fish", script, home: home)
    #expect(result.status == 0, "\(result.stderr)")
    let parts = result.stdout.components(separatedBy: "==\n").map { $0.split(separator: "\n").map(String.init) }
    #expect(parts.count == 4)
    #expect(
      parts.first == [
        "import\t\(CatalogueImportCommand.spec.abstract)", "check\t\(CatalogueCheckCommand.spec.abstract)",
        "reset\t\(CatalogueResetCommand.spec.abstract)",
      ])
    let reset = parts.dropFirst().first?.map { $0.split(separator: "\t")[0] } ?? []
    #expect(reset.contains("--yes") && reset.contains("--home") && !reset.contains("--skip-invalid"))
    let create = parts.dropFirst(2).first?.map { $0.split(separator: "\t")[0] } ?? []
    #expect(create.contains("--max") && !create.contains("--yes"))
    #expect(
      Set(parts.last?.map { $0.split(separator: "\t")[0] } ?? []) == [
        "create", "edit", "rename", "delete", "restore", "compare",
      ])
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
        "markdown\tjson, jsonl, csv, tsv or markdown. (default: json, or --output's extension)",
      ])
  }
}
